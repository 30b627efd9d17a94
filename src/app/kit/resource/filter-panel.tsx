import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Grid, Group, MultiSelect, Paper, Select, Text, TextInput, Textarea, Tooltip } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconRefresh, IconSearch } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { digitsOnly } from '../../../shared/validation';
import {
  compileFilters, filterProps, filterUnits, isRangeFilter, layoutFilters, truncateLabel, type FilterItemSettings,
} from '../../../shared/resources/filter-items';

type Draft = Record<string, unknown>;
export type FilterQuery = ReturnType<typeof compileFilters>;

/** What the panel shows for an applied search: each item's value, ranges as [from, to]. */
export function draftOf(items: readonly FilterItemSettings[], applied: Readonly<Record<string, unknown>>): Draft {
  const draft: Draft = {};
  for (const item of items) {
    if (isRangeFilter(item)) {
      const [from, to] = filterProps(item).map((p) => (applied[p] === undefined ? '' : String(applied[p])));
      draft[item.prop] = [from ?? '', to ?? ''];
    } else if (item.filterType === 'multiSelect') {
      const value = applied[item.prop];
      draft[item.prop] = Array.isArray(value) ? value.map(String) : typeof value === 'string' && value !== '' ? value.split(',') : [];
    } else {
      draft[item.prop] = applied[item.prop] === undefined ? '' : String(applied[item.prop]);
    }
  }
  return draft;
}

/** Spec §2: the label cut at its limit, the whole label in a tooltip when cut. */
function FilterLabel({ item }: { item: FilterItemSettings }) {
  const { text, truncated } = truncateLabel(item.label, item.filterType);
  return truncated ? (
    <Tooltip label={item.label} withArrow>
      <span data-testid="filter-label-truncated">{text}</span>
    </Tooltip>
  ) : (
    <span>{text}</span>
  );
}

interface ControlProps {
  item: FilterItemSettings;
  value: unknown;
  onChange(value: unknown): void;
  onEnter(): void;
}

function FilterControl({ item, value, onChange, onEnter }: ControlProps) {
  const { t } = useLingui();
  const label = <FilterLabel item={item} />;
  const enter = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    e.preventDefault();
    onEnter();
  };
  const common = { label, 'aria-label': item.label, onKeyDown: enter };
  const text = typeof value === 'string' ? value : '';
  const options = (item.selections ?? []).map((s) => ({ value: String(s.value), label: s.label }));
  switch (item.filterType) {
    case 'select':
      return (
        <Select
          label={label}
          aria-label={item.label}
          data={options}
          value={text || null}
          onChange={(v) => onChange(v ?? '')}
          clearable={item.clearable ?? true}
          placeholder={t`All`}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'multiSelect':
      return (
        <MultiSelect
          label={label}
          aria-label={item.label}
          data={options}
          value={Array.isArray(value) ? value.map(String) : []}
          onChange={onChange}
          clearable
          placeholder={t`All`}
        />
      );
    case 'card':
      // A textarea keeps the new lines of pasted id lists (a text input would drop them).
      return (
        <Textarea
          {...common}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
          autosize
          minRows={1}
          maxRows={4}
          placeholder={t`One or more IDs`}
        />
      );
    case 'number':
      return <TextInput {...common} value={text} inputMode="numeric" onChange={(e) => onChange(digitsOnly(e.currentTarget.value))} />;
    case 'numberRange': {
      const [from, to] = Array.isArray(value) ? (value as string[]) : ['', ''];
      const bound = (which: 0 | 1) => (e: React.ChangeEvent<HTMLInputElement>) => {
        const next: [string, string] = [from ?? '', to ?? ''];
        next[which] = digitsOnly(e.currentTarget.value);
        onChange(next);
      };
      return (
        <div>
          <Text component="label" size="sm" fw={500}>{label}</Text>
          <Group gap={6} wrap="nowrap">
            <TextInput aria-label={t`${item.label} from`} value={from ?? ''} inputMode="numeric" onChange={bound(0)} onKeyDown={enter} placeholder={t`From`} style={{ flex: 1 }} />
            <Text c="dimmed">–</Text>
            <TextInput aria-label={t`${item.label} to`} value={to ?? ''} inputMode="numeric" onChange={bound(1)} onKeyDown={enter} placeholder={t`To`} style={{ flex: 1 }} />
          </Group>
        </div>
      );
    }
    case 'dateRange':
    case 'datetimeRange':
      throw new Error(`${item.prop}: date filters need the date picker, which the panel does not have yet`);
    case 'input':
    case 'bigInput':
      return <TextInput {...common} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

export interface FilterPanelProps {
  items: readonly FilterItemSettings[];
  /** The search now applied (from the URL): the panel starts from it and follows it. */
  applied: Readonly<Record<string, unknown>>;
  onSearch(query: FilterQuery): void;
  onReset(): void;
  /** Extra buttons (export, create) at the end of the button row. */
  actions?: ReactNode;
}

/**
 * The filter panel of spec §2 and §5: collapsed at first, showing the filters that fit in 11
 * units with an expand toggle beyond; labels cut with their full text in a tooltip; values
 * trimmed and normalised (digits only, card ids, integer range bounds); Enter searches.
 */
export function FilterPanel({ items, applied, onSearch, onReset, actions }: FilterPanelProps) {
  const { t } = useLingui();
  const [expanded, setExpanded] = useState(false);
  const appliedKey = JSON.stringify(applied);
  const [draft, setDraft] = useState<{ key: string; values: Draft }>(() => ({ key: appliedKey, values: draftOf(items, applied) }));
  // A new search from outside (back button, a remembered search) replaces what was typed.
  const values = draft.key === appliedKey ? draft.values : draftOf(items, applied);
  const setValue = (prop: string, value: unknown) => setDraft({ key: appliedKey, values: { ...values, [prop]: value } });
  const { shown, expandable } = layoutFilters(items, expanded);
  const search = () => onSearch(compileFilters(items, values));

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t`Filters`}>
      <Grid gap="sm" align="flex-start">
        {shown.map((item) => (
          <Grid.Col key={item.prop} span={{ base: 12, sm: filterUnits(item) * 6, lg: filterUnits(item) * 3 }} data-filter={item.prop}>
            <FilterControl item={item} value={values[item.prop]} onChange={(v) => setValue(item.prop, v)} onEnter={search} />
          </Grid.Col>
        ))}
      </Grid>
      <Group mt="sm" gap="xs">
        <Button leftSection={<IconSearch size={16} aria-hidden />} onClick={search}>
          <Trans>Search</Trans>
        </Button>
        <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onReset}>
          <Trans>Reset</Trans>
        </Button>
        {expandable && (
          <Button
            variant="subtle"
            rightSection={expanded ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
            onClick={() => setExpanded((x) => !x)}
            aria-expanded={expanded}
          >
            {expanded ? t`Fewer filters` : t`More filters`}
          </Button>
        )}
        {actions}
      </Group>
    </Paper>
  );
}
