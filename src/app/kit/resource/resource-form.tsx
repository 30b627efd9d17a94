import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { EndpointDef, InputOf } from '../../../shared/contract/define';
import type { FieldDef, FormMode, ResourceDef } from '../../../shared/resources/define';
import {
  activeItems, asQueryInput, canConfirm, formInput, formItemsOf, initialValues, missingItems, optionValue, requiredMessageKind,
  type FormItem, type FormOption, type FormValue, type FormValues,
} from '../../../shared/resources/form-items';
import { YES_NO } from '../../../shared/codes';
import { RET } from '../../../shared/retcodes';
import { callApi, isApiError } from '../api';
import { RecordPending } from '../record-pending';
import { FieldValue, swatchOption, useUserNames, useWarehouseTimeZone, ValueSwatch } from './field-value';
import { displayValue, valueText } from './resource-fields';
import { RefSelect } from './ref-select';

type Row = Record<string, unknown>;

export interface ResourceFormProps {
  resource: ResourceDef;
  /** Spec §2: Create, Edit or Detail (a screen takes it from its route title with formModeOf). */
  mode: FormMode;
  /** The page's heading; a form in a Modal (`variant="modal"`) has the Modal's title instead. */
  title?: string;
  /** `modal`: the form alone, one item a row, for a Mantine Modal (a list's Create or Edit dialog). */
  variant?: 'page' | 'modal';
  /** Edit and Detail: the resource's detail call (resourceEndpoints(...).detail) and the row's key. */
  detail?: EndpointDef;
  id?: string;
  /**
   * Edit and Detail: the record when the caller has it already (a list's row), instead of reading
   * it with `detail`. The same object while the form is open: a new one starts the form afresh.
   */
  row?: Row;
  /** Items of the call that are no field of the resource's rows, after the resource's (the reason of a status change). */
  extraFields?: Readonly<Record<string, FieldDef>>;
  /** Create: the create call; Edit: the update call (a GET update is sent as a query string). */
  submit?: EndpointDef;
  /** After a successful Confirm, with the answer (the saved row) and the input sent: go back to the list or on to the detail. */
  onSaved?(row: Row, input: Readonly<Record<string, FormValue>>): void;
  /** Cancel: back to where the form was opened from. */
  onCancel?(): void;
  /**
   * The options of a select item when they are not the field's own (a field with form type
   * select: the time zones of a country, the roles of the warehouse by id), or narrow them, from
   * the values typed so far. Undefined while they are not known yet (still loading).
   */
  selections?(prop: string, values: FormValues): readonly FormOption[] | undefined;
  /**
   * An item's own check once it is left (an email already in use): a message shows under it as a
   * server refusal does; null when it is fine. The server still decides on Confirm.
   */
  check?(prop: string, values: FormValues): Promise<string | null> | string | null;
  /** Buttons beside the title (e.g. Edit on a Detail page). */
  actions?: ReactNode;
}

const itemId = (resource: ResourceDef, prop: string) => `form-${resource.name}-${prop}`;

/** Server refusals (-100400) name the fields in `data.issues`: shown under those items. */
function issuesOf(error: unknown): Record<string, string> {
  if (!isApiError(error, RET.BAD_INPUT)) return {};
  const issues = (error.data as { issues?: { path?: unknown; message?: unknown }[] } | null)?.issues ?? [];
  return Object.fromEntries(issues.flatMap((i) => (typeof i.path === 'string' && i.path ? [[i.path.split('.')[0]!, String(i.message ?? '')]] : [])));
}

/**
 * The create/edit/detail form of a resource (spec §2, §5), its items derived from the
 * definition (shared/resources/form-items.ts), on a page or in a Modal. Detail shows every item
 * read-only, without Confirm and Cancel. An empty required item says "Please Input …"/"Please
 * Select …" once left; Confirm stays disabled until every required item is filled (0 counts);
 * values are trimmed. A refusal keeps the form and its values: the server's message is toasted by
 * callApi, the fields it names are marked and the form scrolls to the first.
 */
export function ResourceForm({
  resource, mode, title, variant = 'page', detail, id, row: given, extraFields, submit, onSaved, onCancel, selections, check, actions,
}: ResourceFormProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const items = useMemo(() => formItemsOf(resource, mode, extraFields), [resource, mode, extraFields]);
  const needsRow = mode !== 'create';

  const fetched = useQuery({
    queryKey: ['resource', resource.name, 'detail', id],
    queryFn: ({ signal }) => callApi(detail!, { [resource.key]: id } as InputOf<EndpointDef>, { signal, noErrorCodes: [RET.NOT_FOUND] }) as Promise<Row>,
    enabled: needsRow && given === undefined && detail !== undefined && Boolean(id),
    retry: false,
  });
  const record = needsRow ? (given ?? fetched.data) : undefined;

  const [values, setValues] = useState<FormValues | null>(() => (needsRow ? (given ? initialValues(items, given) : null) : initialValues(items)));
  // The record arrives once (or again after a save): the form starts from it.
  useEffect(() => {
    if (record) setValues(initialValues(items, record));
  }, [record, items]);

  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverIssues, setServerIssues] = useState<Record<string, string>>({});
  const [checkIssues, setCheckIssues] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const without = (prop: string) => (prev: Record<string, string>) => Object.fromEntries(Object.entries(prev).filter(([name]) => name !== prop));

  const save = useMutation({
    mutationFn: (input: Record<string, FormValue>) =>
      callApi(submit!, (submit!.method === 'GET' ? asQueryInput(input) : input) as InputOf<EndpointDef>) as Promise<Row>,
    onSuccess: async (saved, input) => {
      if (detail) queryClient.setQueryData(['resource', resource.name, 'detail', String(saved[resource.key])], saved);
      await queryClient.invalidateQueries({ queryKey: ['resource', resource.name, 'list'] });
      onSaved?.(saved, input);
    },
    onError: (error) => {
      const issues = issuesOf(error);
      setServerIssues(issues);
      const first = items.find((item) => issues[item.prop]);
      if (first) scrollTo(first);
    },
  });

  const scrollTo = (item: FormItem) => {
    const element = formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(itemId(resource, item.prop))}`);
    element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    element?.focus({ preventScroll: true });
  };

  const current = values ?? {};
  // The items in force for what is typed (a reason once the status changed).
  const active = activeItems(items, current, record);
  const missing = values ? missingItems(active, values) : active;
  const requiredError = (item: FormItem): string | null => {
    if (!touched.has(item.prop) || !missing.includes(item)) return null;
    const label = i18n._(item.label);
    return requiredMessageKind(item) === 'select' ? t`Please Select ${label}` : t`Please Input ${label}`;
  };

  /** A select whose options followed the change drops a value it no longer offers for its first option (the default). */
  const reconcile = (next: FormValues): FormValues => {
    for (const item of items) {
      const options = item.formType === 'select' && !item.disabled ? selections?.(item.prop, next)?.map(optionValue) : undefined;
      const value = next[item.prop] ?? null;
      if (options && value !== null && !options.includes(value)) next[item.prop] = options[0] ?? null;
    }
    return next;
  };
  const change = (prop: string, value: FormValue) => {
    setValues((prev) => reconcile({ ...prev, [prop]: value }));
    setServerIssues(without(prop));
    setCheckIssues(without(prop));
  };
  const leave = (prop: string) => {
    setTouched((prev) => new Set(prev).add(prop));
    if (!check || !values) return;
    void Promise.resolve(check(prop, values)).then((message) => setCheckIssues((prev) => (message ? { ...prev, [prop]: message } : without(prop)(prev))));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!values || save.isPending) return;
    // Enter in an input submits too: the same rule as the disabled Confirm.
    if (missing.length > 0) {
      setTouched(new Set(items.map((i) => i.prop)));
      scrollTo(missing[0]!);
      return;
    }
    save.mutate(formInput(resource, active, values, record));
  };

  const modal = variant === 'modal';
  const header = !modal && (
    <Group justify="space-between" align="center">
      <Title order={1} fz="h2">{title}</Title>
      {actions}
    </Group>
  );

  if (needsRow && (!record || !values)) {
    return <RecordPending heading={header} id={String(id)} error={fetched.error} maw={960} />;
  }

  if (mode === 'detail') {
    return (
      <Stack gap="md" maw={960}>
        {header}
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="resource-detail">
            {items.map(({ prop, field, label }) => (
              <div key={prop} data-field={prop}>
                <Text size="xs" c="dimmed">{i18n._(label)}</Text>
                <Text size="sm" fw={500} component="div" style={{ wordBreak: 'break-word' }}>
                  <FieldValue field={field} value={record?.[prop]} />
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Paper>
      </Stack>
    );
  }

  const form = (
    <Stack gap="md">
      <SimpleGrid cols={modal ? 1 : { base: 1, sm: 2 }} spacing="md">
        {active.map((item) => (
          <div key={item.prop} data-field={item.prop}>
            <FormItemInput
              id={itemId(resource, item.prop)}
              item={item}
              value={current[item.prop] ?? null}
              options={selections?.(item.prop, current)}
              error={requiredError(item) ?? serverIssues[item.prop] ?? checkIssues[item.prop] ?? null}
              onChange={(value) => change(item.prop, value)}
              onBlur={() => leave(item.prop)}
            />
          </div>
        ))}
      </SimpleGrid>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={save.isPending}><Trans>Cancel</Trans></Button>
        <Button type="submit" disabled={!canConfirm(active, current)} loading={save.isPending}><Trans>Confirm</Trans></Button>
      </Group>
    </Stack>
  );
  if (modal) {
    return <form ref={formRef} onSubmit={onSubmit} noValidate data-testid="resource-form">{form}</form>;
  }
  return (
    <Stack gap="md" maw={960}>
      {header}
      <Paper withBorder radius="md" p="md" component="form" ref={formRef} onSubmit={onSubmit} noValidate data-testid="resource-form">
        {form}
      </Paper>
    </Stack>
  );
}

interface FormItemInputProps {
  id: string;
  item: FormItem;
  value: FormValue;
  options: readonly FormOption[] | undefined;
  error: string | null;
  onChange(value: FormValue): void;
  onBlur(): void;
}

/** One item as its formType says: input (text or number), textarea or select; disabled ones show their value. */
function FormItemInput({ id, item, value, options, error, onChange, onBlur }: FormItemInputProps) {
  const { i18n } = useLingui();
  const timeZone = useWarehouseTimeZone();
  const { field, formType, isRequired, disabled } = item;
  const userNames = useUserNames(field.kind === 'user' && disabled);
  const common = { id, label: i18n._(item.label), withAsterisk: isRequired, error, onBlur };

  if (disabled) return <TextInput {...common} value={displayValue(field, value, i18n, { timeZone, userNames })} readOnly disabled />;
  if (field.ref && !options) return <RefSelect {...common} field={field} value={value} onChange={onChange} />;
  if (formType === 'select') {
    const choices = choicesOf(field, options, i18n);
    const data = choices.map((c) => ({ value: String(c.value), label: c.label }));
    const swatchOf = (option: string | null) => (option === null ? undefined : field.swatches?.[option]);
    const chosen = swatchOf(value === null ? null : String(value));
    return (
      <Select
        {...common}
        data={data}
        // A colour is chosen by its name with its swatch beside it (FieldDef.swatches), never the colour alone.
        {...(field.swatches ? {
          leftSection: chosen ? <ValueSwatch hex={chosen} /> : undefined,
          renderOption: swatchOption(swatchOf),
        } : {})}
        value={value === null ? null : String(value)}
        // Back to the option's own type (numeric enums, yes/no and ids are numbers).
        onChange={(next) => onChange(next === null ? null : (choices.find((c) => String(c.value) === next)?.value ?? next))}
        clearable={!isRequired}
        searchable={data.length > 10}
        allowDeselect={!isRequired}
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  if (formType === 'textarea') {
    return <Textarea {...common} value={value === null ? '' : String(value)} maxLength={field.max} autosize minRows={2} maxRows={6} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
  if (field.kind === 'int') {
    return (
      <NumberInput
        {...common}
        value={value ?? ''}
        min={field.min ?? 0}
        max={field.max}
        allowDecimal={false}
        allowNegative={(field.min ?? 0) < 0}
        onChange={(next) => onChange(next === '' ? null : next)}
      />
    );
  }
  return <TextInput {...common} value={value === null ? '' : String(value)} maxLength={field.max} onChange={(e) => onChange(e.currentTarget.value)} />;
}

/** A select's choices with their labels: the ones given for this form, else the field's values (yes/no: 1 and 0). */
function choicesOf(field: FieldDef, options: readonly FormOption[] | undefined, i18n: ReturnType<typeof useLingui>['i18n']): { value: string | number; label: string }[] {
  const given = options ?? (field.kind === 'bool' ? YES_NO.options.map((o) => o.value).reverse() : field.values ?? []);
  return given.map((option) => (typeof option === 'object' ? option : { value: option, label: optionLabel(field, option, i18n) }));
}

function optionLabel(field: FieldDef, value: string | number, i18n: ReturnType<typeof useLingui>['i18n']): string {
  if (field.kind === 'bool') {
    const label = YES_NO.label(value as 0 | 1);
    return label ? i18n._(label) : String(value);
  }
  return valueText(field, value, i18n);
}
