import { useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  ActionIcon, Button, Checkbox, Grid, Group, MultiSelect, Paper, Popover, ScrollArea, Select, Stack, Text, TextInput, Textarea, Tooltip,
} from '@mantine/core';
import { DatePickerInput, DateTimePicker } from '@mantine/dates';
import { IconAdjustments, IconCalendar, IconChevronDown, IconChevronUp, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { DAY_END_TIME, DAY_START_TIME, DEFAULT_TIME_ZONE } from '../../../shared/constants';
import { contract } from '../../../shared/contract';
import { digitsOnly } from '../../../shared/validation';
import { timeRegionOrDefault } from '../../../shared/warehouse';
import {
  compileFilters, filterProps, filterUnits, isRangeFilter, layoutFilters, truncateLabel, type FilterItemSettings, type FilterType,
} from '../../../shared/resources/filter-items';
import { callApi } from '../api';
import { sessionQueries } from '../queries';
import { toast } from '../toast';
import { BookmarkButtons } from './bookmarks';
import { ScanInput } from '../scan/scan-input';
import { DatesLocale } from './dates-locale';
import { swatchOption, ValueSwatch } from './field-value';
import { dateRangeToUnix, filterTimeZone, unixToDateRange, unixToWallClock, wallClockToUnix, type WallClockRange } from './date-range';
import { applyFilterSelection, filterSelectListHeight, selectionOf, shownProps, validateFilterSelection } from './filter-select';
import { listSettingsQueries } from './list-settings-queries';
import { currentStation } from '../station';

type Draft = Record<string, unknown>;
export type FilterQuery = ReturnType<typeof compileFilters>;

type DateFilterType = Extract<FilterType, 'dateRange' | 'datetimeRange'>;
const isDateFilter = (item: FilterItemSettings): item is FilterItemSettings & { filterType: DateFilterType } =>
  item.filterType === 'dateRange' || item.filterType === 'datetimeRange';
/** Any filter with a date picker: a range, or one moment. */
const hasDatePicker = (item: FilterItemSettings) => isDateFilter(item) || item.filterType === 'datetime';
/** Unix seconds as the URL carries them (a number, or digits), else null. */
const unixOf = (value: unknown) => (typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,11}$/.test(value) ? Number(value) : null);

/**
 * What the panel shows for an applied search: each item's value, ranges as [from, to]; date
 * ranges as the pickers' wall-clock text in the item's zone (warehouse or UTC).
 */
export function draftOf(items: readonly FilterItemSettings[], applied: Readonly<Record<string, unknown>>, warehouseTimeZone: string = DEFAULT_TIME_ZONE): Draft {
  const draft: Draft = {};
  for (const item of items) {
    if (isDateFilter(item)) {
      const [fromProp, toProp] = filterProps(item);
      draft[item.prop] = unixToDateRange(item.filterType, [applied[fromProp ?? ''], applied[toProp ?? '']], filterTimeZone(item, warehouseTimeZone));
    } else if (item.filterType === 'datetime') {
      const seconds = unixOf(applied[item.prop]);
      draft[item.prop] = seconds === null ? '' : unixToWallClock(seconds, filterTimeZone(item, warehouseTimeZone), true);
    } else if (isRangeFilter(item)) {
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

/** The panel's values as compileFilters reads them: date ranges as unix seconds. */
export function searchStateOf(items: readonly FilterItemSettings[], values: Readonly<Draft>, warehouseTimeZone: string): Draft {
  const state: Draft = { ...values };
  for (const item of items) {
    if (item.filterType === 'datetime') {
      const text = values[item.prop];
      state[item.prop] = typeof text === 'string' && text !== '' ? wallClockToUnix(text, filterTimeZone(item, warehouseTimeZone)) : '';
      continue;
    }
    if (!isDateFilter(item)) continue;
    const range = Array.isArray(values[item.prop]) ? (values[item.prop] as WallClockRange) : (['', ''] as const);
    state[item.prop] = dateRangeToUnix(item.filterType, range, filterTimeZone(item, warehouseTimeZone));
  }
  return state;
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
  /** A scan-only filter was scanned: search with its value. */
  onScanned(value: string): void;
}

/** A select or multi-select filter; colour values show their swatch beside the name, as in forms and tables. */
function SelectFilter({ item, label, value, onChange }: Pick<ControlProps, 'item' | 'value' | 'onChange'> & { label: ReactNode }) {
  const { t } = useLingui();
  const options = (item.selections ?? []).map((s) => ({ value: String(s.value), label: s.label }));
  const swatches = new Map((item.selections ?? []).flatMap((s) => (s.swatch ? [[String(s.value), s.swatch] as const] : [])));
  const renderOption = swatches.size > 0 ? swatchOption((v) => swatches.get(v)) : undefined;
  const text = typeof value === 'string' ? value : '';
  if (item.filterType === 'multiSelect') {
    return (
      <MultiSelect
        label={label}
        aria-label={item.label}
        data={options}
        value={Array.isArray(value) ? value.map(String) : []}
        onChange={onChange}
        renderOption={renderOption}
        clearable
        placeholder={t`All`}
      />
    );
  }
  return (
    <Select
      label={label}
      aria-label={item.label}
      data={options}
      value={text || null}
      onChange={(v) => onChange(v ?? '')}
      renderOption={renderOption}
      leftSection={swatches.has(text) ? <ValueSwatch hex={swatches.get(text)!} /> : undefined}
      clearable={item.clearable ?? true}
      placeholder={t`All`}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function FilterControl({ item, value, onChange, onEnter, onScanned }: ControlProps) {
  const { t } = useLingui();
  const label = <FilterLabel item={item} />;
  const enter = (e: KeyboardEvent) => {
    // Shift+Enter in a card filter's textarea starts a new line: ids may be typed one per line.
    if (e.key !== 'Enter' || e.nativeEvent.isComposing || (e.shiftKey && e.currentTarget instanceof HTMLTextAreaElement)) return;
    e.preventDefault();
    onEnter();
  };
  const common = { label, 'aria-label': item.label, onKeyDown: enter };
  const text = typeof value === 'string' ? value : '';
  // Spec §5: a scan-only filter takes labels from the scanner only (the scan field's rules) and searches at once.
  if (item.scanOnly && (item.filterType === 'input' || item.filterType === 'bigInput' || item.filterType === 'card')) {
    return (
      <ScanInput
        label={label}
        keepFocus={false}
        testId={`scan-filter-${item.prop}`}
        description={text ? t`Searching: ${text}` : undefined}
        onScan={(entry) => onScanned(entry.value)}
      />
    );
  }
  switch (item.filterType) {
    case 'select':
    case 'multiSelect':
      return <SelectFilter item={item} label={label} value={value} onChange={onChange} />;
    case 'card':
      // A textarea keeps the new lines of pasted id lists (a text input would drop them); Shift+Enter types one.
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
    case 'dateRange': {
      const [from, to] = Array.isArray(value) ? (value as string[]) : ['', ''];
      return (
        <DatePickerInput
          type="range"
          label={label}
          aria-label={item.label}
          value={[from || null, to || null]}
          onChange={([start, end]) => onChange([start ?? '', end ?? ''])}
          allowSingleDateInRange
          clearable={item.clearable ?? true}
          valueFormat="YYYY-MM-DD"
          placeholder={t`Start date – End date`}
          leftSection={<IconCalendar size={16} aria-hidden />}
          popoverProps={{ withinPortal: true }}
        />
      );
    }
    case 'datetimeRange': {
      const [from, to] = Array.isArray(value) ? (value as string[]) : ['', ''];
      const bound = (which: 0 | 1) => (v: string | null) => {
        const next: [string, string] = [from ?? '', to ?? ''];
        next[which] = v ?? '';
        onChange(next);
      };
      // spec §9: a day picked without a time runs from 00:00:00 to 23:59:59.
      const picker = (which: 0 | 1) => (
        <DateTimePicker
          aria-label={which === 0 ? t`${item.label} from` : t`${item.label} to`}
          value={(which === 0 ? from : to) || null}
          onChange={bound(which)}
          withSeconds
          defaultTimeValue={which === 0 ? DAY_START_TIME : DAY_END_TIME}
          valueFormat="YYYY-MM-DD HH:mm:ss"
          clearable={item.clearable ?? true}
          placeholder={which === 0 ? t`Start time` : t`End time`}
          popoverProps={{ withinPortal: true }}
          style={{ flex: 1 }}
        />
      );
      return (
        <div>
          <Text component="label" size="sm" fw={500}>{label}</Text>
          <Group gap={6} wrap="nowrap">
            {picker(0)}
            <Text c="dimmed">–</Text>
            {picker(1)}
          </Group>
        </div>
      );
    }
    case 'datetime':
      return (
        <DateTimePicker
          label={label}
          aria-label={item.label}
          value={text || null}
          onChange={(v) => onChange(v ?? '')}
          withSeconds
          defaultTimeValue={DAY_END_TIME}
          valueFormat="YYYY-MM-DD HH:mm:ss"
          clearable={item.clearable ?? true}
          placeholder={t`Date and time`}
          leftSection={<IconCalendar size={16} aria-hidden />}
          popoverProps={{ withinPortal: true }}
        />
      );
    case 'input':
    case 'bigInput':
      return <TextInput {...common} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

/**
 * The filter-select (spec §2, §5, §9): which filters show, saved for the user as the list's
 * template (data: filter prop → shown) and restored when the list opens. At least one stays.
 */
function useFilterSelection(items: readonly FilterItemSettings[], urlPath: string | undefined) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const station = currentStation();
  const query = listSettingsQueries.filterTemplate(urlPath ?? '', station);
  const template = useQuery({ ...query, enabled: urlPath !== undefined });
  const user = useQuery(sessionQueries.loginInfo());
  // The choice made on this page shows at once, while it is saved behind.
  const [choice, setChoice] = useState<Record<string, boolean> | null>(null);
  const chosen = applyFilterSelection(items, choice ?? template.data?.data);

  const choose = async (shown: string[]) => {
    const problem = validateFilterSelection(shown);
    if (problem) {
      toast.error(i18n._(problem));
      return;
    }
    const data = selectionOf(items, shown);
    setChoice(data);
    if (!urlPath) return;
    const saved = template.data;
    // A failed save was shown by the API layer; the choice still applies on this page.
    if (saved) {
      await callApi(contract.updateFilterTemplate, { template_id: saved.template_id, data }).catch(() => undefined);
      return;
    }
    // spec §7: nothing is sent without a signed-in user's email.
    const email = user.data?.email;
    if (!email) return;
    await callApi(contract.createFilterTemplate, {
      user_email: email, type: 1, data, url_path: urlPath, key_name: '', template_name: urlPath, station,
    }).catch(() => undefined);
    await queryClient.invalidateQueries({ queryKey: query.queryKey });
  };
  // The saved choice is waited for (once: it is cached), so filters do not show and then vanish.
  const ready = urlPath === undefined || !template.isPending;
  return { items: chosen, shown: shownProps(chosen), choose, ready };
}

function FilterSelect({ items, shown, onChange }: { items: readonly FilterItemSettings[]; shown: string[]; onChange(shown: string[]): void }) {
  const { t } = useLingui();
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <ActionIcon variant="default" size="lg" aria-label={t`Choose filters`} title={t`Choose filters`}>
          <IconAdjustments size={18} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <ScrollArea.Autosize mah="60vh">
          <Checkbox.Group value={shown} onChange={onChange} aria-label={t`Choose filters`}>
            <Stack gap={0} h={filterSelectListHeight(items.length)} py={2} px="sm" data-testid="filter-select">
              {items.map((item) => (
                <Checkbox key={item.prop} value={item.prop} label={item.label} h={32} styles={{ body: { alignItems: 'center', height: 32 } }} />
              ))}
            </Stack>
          </Checkbox.Group>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}

export interface FilterPanelProps {
  items: readonly FilterItemSettings[];
  /** The search now applied (from the URL): the panel starts from it and follows it. */
  applied: Readonly<Record<string, unknown>>;
  onSearch(query: FilterQuery): void;
  onReset(): void;
  /** Extra buttons (export, create) at the end of the button row. */
  actions?: ReactNode;
  /**
   * The list's route: the filter-select choice and the bookmarks are saved under it for the
   * user. Without it, every filter shows and there are no bookmarks.
   */
  savedAs?: string;
}

/**
 * The filter panel of spec §2 and §5: collapsed at first, showing the filters that fit in 11
 * units with an expand toggle beyond; labels cut with their full text in a tooltip; values
 * trimmed and normalised (digits only, card ids, integer range bounds, dates as unix seconds
 * of the warehouse's zone); Enter searches. A filter hidden in the filter-select does not search.
 */
export function FilterPanel({ items: allItems, applied, onSearch, onReset, actions, savedAs }: FilterPanelProps) {
  const { t } = useLingui();
  const [expanded, setExpanded] = useState(false);
  const warehouse = useQuery(sessionQueries.warehouseDetail());
  const timeZone = timeRegionOrDefault(warehouse.data?.time_region);
  const selection = useFilterSelection(allItems, savedAs);
  const appliedKey = `${timeZone} ${JSON.stringify(applied)}`;
  const [draft, setDraft] = useState<{ key: string; values: Draft }>(() => ({ key: appliedKey, values: draftOf(allItems, applied, timeZone) }));
  // A new search from outside (back button, a remembered search, a bookmark) replaces what was typed.
  const values = draft.key === appliedKey ? draft.values : draftOf(allItems, applied, timeZone);
  const setValue = (prop: string, value: unknown) => setDraft({ key: appliedKey, values: { ...values, [prop]: value } });
  const { shown, expandable } = layoutFilters(selection.items, expanded);
  const visible = selection.items.filter((item) => !item.hide);
  const query = (extra: Draft = {}) => compileFilters(visible, searchStateOf(visible, { ...values, ...extra }, timeZone));
  const search = () => onSearch(query());
  const searchScanned = (prop: string, value: string) => {
    setValue(prop, value);
    onSearch(query({ [prop]: value }));
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t`Filters`}>
      <DatesLocale enabled={shown.some(hasDatePicker)}>
        <Grid gap="sm" align="flex-start">
          {selection.ready && shown.map((item) => (
            <Grid.Col key={item.prop} span={{ base: 12, sm: filterUnits(item) * 6, lg: filterUnits(item) * 3 }} data-filter={item.prop}>
              <FilterControl item={item} value={values[item.prop]} onChange={(v) => setValue(item.prop, v)} onEnter={search} onScanned={(v) => searchScanned(item.prop, v)} />
            </Grid.Col>
          ))}
        </Grid>
      </DatesLocale>
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
        {savedAs !== undefined && (
          <>
            <BookmarkButtons urlPath={savedAs} current={query} onLoad={(data) => onSearch(data)} />
            <FilterSelect items={allItems} shown={selection.shown} onChange={(next) => void selection.choose(next)} />
          </>
        )}
        {actions}
      </Group>
    </Paper>
  );
}
