import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Group, Loader, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { EndpointDef, InputOf } from '../../../shared/contract/define';
import type { FieldDef, FormMode, ResourceDef } from '../../../shared/resources/define';
import {
  asQueryInput, canConfirm, formInput, formItemsOf, initialValues, missingItems, requiredMessageKind,
  type FormItem, type FormValue, type FormValues,
} from '../../../shared/resources/form-items';
import { YES_NO } from '../../../shared/codes';
import { RET } from '../../../shared/retcodes';
import { callApi, isApiError } from '../api';
import { FieldValue, useWarehouseTimeZone } from './field-value';
import { displayValue, valueText } from './resource-fields';
import { RefSelect } from './ref-select';

type Row = Record<string, unknown>;

export interface ResourceFormProps {
  resource: ResourceDef;
  /** Spec §2: Create, Edit or Detail (a screen takes it from its route title with formModeOf). */
  mode: FormMode;
  title: string;
  /** Edit and Detail: the resource's detail call (resourceEndpoints(...).detail) and the row's key. */
  detail?: EndpointDef;
  id?: string;
  /** Create: the create call; Edit: the update call (a GET update is sent as a query string). */
  submit?: EndpointDef;
  /** After a successful Confirm, with the saved row: go back to the list or on to the detail. */
  onSaved?(row: Row): void;
  /** Cancel: back to where the form was opened from. */
  onCancel?(): void;
  /**
   * The options of a select item when they are not the field's own (a text field with form type
   * select), or narrow them, from the values typed so far (e.g. the time zones of a country).
   */
  selections?(prop: string, values: FormValues): readonly (string | number)[] | undefined;
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
 * definition (shared/resources/form-items.ts). Detail shows every item read-only, without
 * Confirm and Cancel. An empty required item says "Please Input …"/"Please Select …" once
 * left; Confirm stays disabled until every required item is filled (0 counts); values are
 * trimmed. A refusal keeps the page and its values: the server's message is toasted by callApi,
 * the fields it names are marked and the form scrolls to the first.
 */
export function ResourceForm({ resource, mode, title, detail, id, submit, onSaved, onCancel, selections, actions }: ResourceFormProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const items = useMemo(() => formItemsOf(resource, mode), [resource, mode]);
  const needsRow = mode !== 'create';

  const row = useQuery({
    queryKey: ['resource', resource.name, 'detail', id],
    queryFn: ({ signal }) => callApi(detail!, { [resource.key]: id } as InputOf<EndpointDef>, { signal, noErrorCodes: [RET.NOT_FOUND] }) as Promise<Row>,
    enabled: needsRow && detail !== undefined && Boolean(id),
    retry: false,
  });

  const [values, setValues] = useState<FormValues | null>(() => (needsRow ? null : initialValues(items)));
  // The row arrives once (or again after a save): the form starts from it.
  useEffect(() => {
    if (needsRow && row.data) setValues(initialValues(items, row.data));
  }, [needsRow, row.data, items]);

  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverIssues, setServerIssues] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);

  const save = useMutation({
    mutationFn: (input: Record<string, FormValue>) =>
      callApi(submit!, (submit!.method === 'GET' ? asQueryInput(input) : input) as InputOf<EndpointDef>) as Promise<Row>,
    onSuccess: async (saved) => {
      queryClient.setQueryData(['resource', resource.name, 'detail', String(saved[resource.key])], saved);
      await queryClient.invalidateQueries({ queryKey: ['resource', resource.name, 'list'] });
      onSaved?.(saved);
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

  const missing = values ? missingItems(items, values) : items;
  const requiredError = (item: FormItem): string | null => {
    if (!touched.has(item.prop) || !missing.includes(item)) return null;
    const label = i18n._(item.field.label);
    return requiredMessageKind(item) === 'select' ? t`Please Select ${label}` : t`Please Input ${label}`;
  };

  /** A select whose options followed the change drops a value it no longer offers for its first option (the default). */
  const reconcile = (next: FormValues): FormValues => {
    for (const item of items) {
      const options = item.formType === 'select' && !item.disabled ? selections?.(item.prop, next) : undefined;
      const value = next[item.prop] ?? null;
      if (options && value !== null && !options.includes(value)) next[item.prop] = options[0] ?? null;
    }
    return next;
  };
  const change = (prop: string, value: FormValue) => {
    setValues((prev) => reconcile({ ...prev, [prop]: value }));
    setServerIssues((prev) => Object.fromEntries(Object.entries(prev).filter(([name]) => name !== prop)));
  };
  const leave = (prop: string) => setTouched((prev) => new Set(prev).add(prop));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!values || save.isPending) return;
    // Enter in an input submits too: the same rule as the disabled Confirm.
    if (missing.length > 0) {
      setTouched(new Set(items.map((i) => i.prop)));
      scrollTo(missing[0]!);
      return;
    }
    save.mutate(formInput(resource, items, values, needsRow ? row.data : undefined));
  };

  const header = (
    <Group justify="space-between" align="center">
      <Title order={1} fz="h2">{title}</Title>
      {actions}
    </Group>
  );

  if (needsRow && (row.isPending || row.isError || !values)) {
    return (
      <Stack gap="md" maw={960}>
        {header}
        {row.isError ? (
          <Alert color={isApiError(row.error, RET.NOT_FOUND) ? 'yellow' : 'red'} icon={<IconAlertTriangle size={18} aria-hidden />}>
            {isApiError(row.error, RET.NOT_FOUND)
              ? <Trans>{id} does not exist in this warehouse.</Trans>
              : <Trans>The record could not be read from the server.</Trans>}
          </Alert>
        ) : <Loader size="sm" />}
      </Stack>
    );
  }

  if (mode === 'detail') {
    return (
      <Stack gap="md" maw={960}>
        {header}
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="resource-detail">
            {items.map(({ prop, field }) => (
              <div key={prop} data-field={prop}>
                <Text size="xs" c="dimmed">{i18n._(field.label)}</Text>
                <Text size="sm" fw={500} component="div" style={{ wordBreak: 'break-word' }}>
                  <FieldValue field={field} value={row.data?.[prop]} />
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Paper>
      </Stack>
    );
  }

  const current = values ?? {};
  return (
    <Stack gap="md" maw={960}>
      {header}
      <Paper withBorder radius="md" p="md" component="form" ref={formRef} onSubmit={onSubmit} noValidate data-testid="resource-form">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {items.map((item) => (
              <div key={item.prop} data-field={item.prop}>
                <FormItemInput
                  id={itemId(resource, item.prop)}
                  item={item}
                  value={current[item.prop] ?? null}
                  options={selections?.(item.prop, current)}
                  error={requiredError(item) ?? serverIssues[item.prop] ?? null}
                  onChange={(value) => change(item.prop, value)}
                  onBlur={() => leave(item.prop)}
                />
              </div>
            ))}
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={save.isPending}><Trans>Cancel</Trans></Button>
            <Button type="submit" disabled={!canConfirm(items, current)} loading={save.isPending}><Trans>Confirm</Trans></Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

interface FormItemInputProps {
  id: string;
  item: FormItem;
  value: FormValue;
  options: readonly (string | number)[] | undefined;
  error: string | null;
  onChange(value: FormValue): void;
  onBlur(): void;
}

/** One item as its formType says: input (text or number), textarea or select; disabled ones show their value. */
function FormItemInput({ id, item, value, options, error, onChange, onBlur }: FormItemInputProps) {
  const { i18n } = useLingui();
  const timeZone = useWarehouseTimeZone();
  const { field, formType, isRequired, disabled } = item;
  const common = { id, label: i18n._(field.label), withAsterisk: isRequired, error, onBlur };

  if (disabled) return <TextInput {...common} value={displayValue(field, value, i18n, timeZone)} readOnly disabled />;
  if (field.ref && !options) return <RefSelect {...common} field={field} value={value} onChange={onChange} />;
  if (formType === 'select') {
    const data = selectOptions(field, options).map((v) => ({ value: String(v), label: optionLabel(field, v, i18n) }));
    return (
      <Select
        {...common}
        data={data}
        value={value === null ? null : String(value)}
        // Back to the option's own type (numeric enums and yes/no are numbers).
        onChange={(next) => onChange(next === null ? null : (selectOptions(field, options).find((v) => String(v) === next) ?? next))}
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

/** A select's choices: the ones given for this form, else the field's values (yes/no: 1 and 0). */
function selectOptions(field: FieldDef, options: readonly (string | number)[] | undefined): readonly (string | number)[] {
  if (options) return options;
  if (field.kind === 'bool') return YES_NO.options.map((o) => o.value).reverse();
  return field.values ?? [];
}

function optionLabel(field: FieldDef, value: string | number, i18n: ReturnType<typeof useLingui>['i18n']): string {
  if (field.kind === 'bool') {
    const label = YES_NO.label(value as 0 | 1);
    return label ? i18n._(label) : String(value);
  }
  return valueText(field, value, i18n);
}
