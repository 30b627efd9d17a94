import { useState, type ChangeEvent, type FocusEvent } from 'react';

export type FieldErrors<V> = Partial<Record<keyof V, string>>;

/**
 * Field state and validation for a form (spec §5): a field is checked when it loses focus, every
 * field when the form is submitted, and a shown error is re-checked while typing so fixing it
 * never shifts the form at the next click. `validate` sees all values, so rules that compare
 * fields (confirmation, "differs from current") work the same way.
 */
export function useFormFields<V extends Record<string, string>>(initial: V, validate: (values: V) => FieldErrors<V>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});

  const field = (name: keyof V) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = { ...values, [name]: event.currentTarget.value };
      setValues(next);
      const found = validate(next);
      setErrors((shown) => {
        const kept: FieldErrors<V> = {};
        for (const key of Object.keys(shown) as (keyof V)[]) if (shown[key]) kept[key] = found[key];
        return kept;
      });
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      // Skipped when focus moves to a submit button: submitting checks every field anyway, and
      // an error appearing right then would move the button from under the pointer.
      const to = event.relatedTarget;
      if (to instanceof HTMLButtonElement && to.type === 'submit') return;
      setErrors((shown) => ({ ...shown, [name]: validate(values)[name] }));
    },
  });

  /** Checks every field and shows the errors; true when the form may be sent. */
  const validateAll = (): boolean => {
    const found = validate(values);
    setErrors(found);
    return Object.values(found).every((message) => !message);
  };

  const setValue = (name: keyof V, value: string) => setValues((current) => ({ ...current, [name]: value }));

  const reset = () => {
    setValues(initial);
    setErrors({});
  };

  return { values, errors, field, validateAll, setErrors, setValue, reset };
}
