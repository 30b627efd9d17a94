import type { FocusEvent } from 'react';

/**
 * A field's blur validation, skipped when focus moves to a submit button: submitting validates
 * every field anyway, and an error appearing right then would shift the button from under the
 * pointer so that the click is lost.
 */
export const validateOnBlur = (validate: () => void) => (event: FocusEvent<HTMLElement>) => {
  const to = event.relatedTarget;
  if (to instanceof HTMLButtonElement && to.type === 'submit') return;
  validate();
};
