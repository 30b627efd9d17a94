import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Loader, Menu, Pagination, Select, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconChevronUp, IconInfoCircle, IconSelector } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../../../shared/constants';
import type { EndpointDef, InputOf, OutputOf } from '../../../shared/contract/define';
import type { ResourceDef } from '../../../shared/resources/define';
import { timeRegionOrDefault } from '../../../shared/warehouse';
import { contract } from '../../../shared/contract';
import { callApi, getTenant } from '../api';
import { intlTag } from '../i18n';
import { sessionQueries } from '../queries';
import { filterItemsOf, filtersByUser, listKeysOf, urlSearchOf } from './resource-fields';
import { FieldValue, useUserNames } from './field-value';
import { FilterPanel, type FilterQuery } from './filter-panel';
import { listOldSystemNotice, listTimeFields, switchTimeFor, type SwitchModule } from './old-system';
import { rowActionsFor, splitRowActions, type RowActionRule } from './row-actions';
import { cachedSkuLookup, mapSkuFilters } from './sku-mapping';
import { ColumnSettings, useVisibleColumns } from './column-settings';
import { ExportButton } from './export-button';

type Search = Record<string, unknown>;
const REMEMBERED_PREFIX = 'tally-list-search:';

/** Mapping codes of SKU filters, looked up once per tab and warehouse (spec §7: cached, 2000 entries). */
const skuLookup = cachedSkuLookup(
  async (code) => (await callApi(contract.getSkuByMappingCode, { new_sku_id: code })).sku_id,
  () => getTenant() ?? '',
);
const NO_PERMS: ReadonlySet<string> = new Set();

/**
 * The list's search in the URL: only the keys the resource reads, as text. While the router
 * is already on another page (the list about to unmount) the last search of the list stays.
 */
function useListSearch(keys: readonly string[]): Search {
  const location = useRouterState({ select: (s) => s.location });
  const ownPath = useRef(location.pathname);
  const last = useRef<Search>({});
  return useMemo(() => {
    if (location.pathname !== ownPath.current) return last.current;
    const search = location.search as Search;
    last.current = Object.fromEntries(keys.flatMap((k) => {
      const v = search[k];
      if (v === undefined || v === null || v === '') return [];
      return [[k, Array.isArray(v) ? v.join(',') : String(v)]];
    }));
    return last.current;
  }, [location, keys]);
}

/**
 * Remembered searches (spec §2 "Many list routes remember their filter state"): the last search
 * of each list in this tab, restored when the list opens without one in its URL. Clearing the
 * search on the page (Reset, the default sort) is remembered as cleared.
 */
function useRememberedSearch(path: string, search: Search, remember: boolean, toUrl: (search: Search) => Search) {
  const navigate = useNavigate();
  const opened = useRef(false);
  useEffect(() => {
    if (!remember) return;
    const key = REMEMBERED_PREFIX + path;
    const opening = !opened.current;
    opened.current = true;
    if (opening && Object.keys(search).length === 0) {
      const saved = sessionStorage.getItem(key);
      if (saved && saved !== '{}') {
        void navigate({ to: '.', search: toUrl(JSON.parse(saved) as Search) as never, replace: true });
        return;
      }
    }
    sessionStorage.setItem(key, JSON.stringify(search));
  }, [path, search, remember, navigate, toUrl]);
}

type Row = Record<string, unknown>;

/** A link to a page: a path, or a path with the query string a page that takes its record by query reads. */
export type PageLink = string | { to: string; search?: Record<string, string> };
/** The Link (or navigate) props of a page link. */
export const linkProps = (link: PageLink) => (typeof link === 'string' ? { to: link } : { to: link.to, search: link.search as never });

/** An action in a row's Action column: a link, a file or a handler, offered by permission and row. */
export interface RowAction extends RowActionRule<Row> {
  label: string;
  /** Where the action goes (a page of the row). */
  href?(row: Row): PageLink;
  /** A file the action downloads: a plain link, since the answer is the file itself (an export). */
  file?(row: Row): { url: string; name: string };
  onClick?(row: Row): void;
  color?: string;
}

function RowActionButton({ action, row }: { action: RowAction; row: Row }) {
  const common = { variant: 'subtle', size: 'compact-sm', color: action.color, children: action.label } as const;
  if (action.href) return <Button {...common} component={Link} {...linkProps(action.href(row))} />;
  const file = action.file?.(row);
  if (file) return <Button {...common} component="a" href={file.url} download={file.name} />;
  return <Button {...common} onClick={() => action.onClick?.(row)} />;
}

function RowActionMenuItem({ action, row }: { action: RowAction; row: Row }) {
  const common = { color: action.color, children: action.label } as const;
  if (action.href) return <Menu.Item {...common} component={Link} {...linkProps(action.href(row))} />;
  const file = action.file?.(row);
  if (file) return <Menu.Item {...common} component="a" href={file.url} download={file.name} />;
  return <Menu.Item {...common} onClick={() => action.onClick?.(row)} />;
}

/** A row's actions (spec §2): up to 3 inline; more than 3 show the first 2 and the rest under More. */
function RowActions({ actions, row, perms }: { actions: readonly RowAction[]; row: Row; perms: ReadonlySet<string> }) {
  const { t } = useLingui();
  const { inline, more } = splitRowActions(rowActionsFor(actions, row, perms));
  return (
    <Group gap={4} wrap="nowrap">
      {inline.map((action) => <RowActionButton key={action.label} action={action} row={row} />)}
      {more.length > 0 && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="subtle" size="compact-sm" rightSection={<IconChevronDown size={14} aria-hidden />}>{t`More`}</Button>
          </Menu.Target>
          <Menu.Dropdown>
            {more.map((action) => <RowActionMenuItem key={action.label} action={action} row={row} />)}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}

/**
 * The old-system notice of spec §8 over a list showing timestamps: when any shown is earlier
 * than the warehouse's switch to this system, older data is in the old WMS.
 */
function OldSystemNotice({ rows, timeFields, module }: { rows: readonly Row[]; timeFields: readonly string[]; module?: SwitchModule }) {
  const { i18n } = useLingui();
  const enabled = timeFields.length > 0;
  const switchTimes = useQuery({ ...sessionQueries.switchTimes(), enabled });
  const warehouse = useQuery({ ...sessionQueries.warehouseDetail(), enabled });
  if (!enabled) return null;
  const timeZone = timeRegionOrDefault(warehouse.data?.time_region);
  const formatDate = (millis: number) => new Intl.DateTimeFormat(intlTag(), { dateStyle: 'medium', timeZone }).format(millis);
  const notice = listOldSystemNotice(rows, timeFields, switchTimeFor(switchTimes.data, module), formatDate);
  return notice && (
    <Alert color="yellow" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="old-system-notice">
      {i18n._(notice)}
    </Alert>
  );
}

/** The rows a list's page has chosen, by key (ResourceListProps.selection). */
export interface RowSelection {
  selected: ReadonlyMap<string, Row>;
  onChange(next: ReadonlyMap<string, Row>): void;
}

/** The checkbox that chooses rows (one, or every row of the page): checked when all are, mixed when some are. */
function ChooseRows({ selection, rows, keyOf, label }: { selection: RowSelection; rows: readonly Row[]; keyOf: string; label: string }) {
  const chosen = rows.filter((row) => selection.selected.has(String(row[keyOf]))).length;
  const choose = (on: boolean) => {
    const next = new Map(selection.selected);
    for (const row of rows) {
      if (on) next.set(String(row[keyOf]), row);
      else next.delete(String(row[keyOf]));
    }
    selection.onChange(next);
  };
  return (
    <Checkbox
      aria-label={label}
      checked={rows.length > 0 && chosen === rows.length}
      indeterminate={chosen > 0 && chosen < rows.length}
      onChange={(e) => choose(e.currentTarget.checked)}
    />
  );
}

export interface ResourceListProps<E extends EndpointDef> {
  resource: ResourceDef;
  /** The list call of the resource (resourceEndpoints(...).list). */
  endpoint: E;
  title: string;
  /** The manifest path of the list: where its search is remembered. */
  path: string;
  remember?: boolean;
  /** Where a row's key links to (its detail page). */
  detailHref?(key: string, row: Row): PageLink;
  /** The Action column; none when absent. */
  rowActions?: readonly RowAction[];
  /** The module whose switch time the old-system notice compares with (spec §8); the earliest when absent. */
  switchModule?: SwitchModule;
  /** The list can be exported (every registered resource's: shared/resources/registry.ts). */
  exportable?: boolean;
  /** Buttons beside the title (Create…). */
  actions?: ReactNode;
  /**
   * Input the page fixes rather than the user (a path parameter such as the `whs_id` of
   * /user/warehouselist/users/$whsId): sent with every list call and export, never shown in the
   * filter panel nor kept in the URL, bookmarks or remembered search.
   */
  fixedInput?: Readonly<Record<string, string | number>>;
  /** The title's heading level: 2 when the list is a section of a page with its own title (a SKU's balances). */
  headingLevel?: 1 | 2;
  /** A line under the title saying what the list holds. */
  description?: ReactNode;
  /** Columns the page shows its own way (an export's progress bar), by field name; the rest show their value. */
  cells?: Readonly<Record<string, (row: Row) => ReactNode>>;
  /** How often to read the page again while its rows change by themselves (exports running); never when false. */
  refetchInterval?(rows: readonly Row[]): number | false;
  /**
   * Rows can be chosen (a checkbox per row, and one for the page) for the page's bulk actions: the
   * chosen rows by key, kept across pages and searches until the page clears them.
   */
  selection?: RowSelection;
  /** What the page does with the chosen rows, shown between the filters and the table. */
  selectionActions?: ReactNode;
}

/**
 * The list page of a resource: filter panel, table and paging, all from its definition. The
 * search lives in the URL (shareable, back-button friendly) and is remembered per list.
 */
export function ResourceList<E extends EndpointDef>({
  resource, endpoint, title, path, remember = true, detailHref, rowActions, switchModule, exportable, actions, fixedInput, headingLevel = 1,
  description, cells, refetchInterval, selection, selectionActions,
}: ResourceListProps<E>) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const keys = useMemo(() => listKeysOf(resource), [resource]);
  const search = useListSearch(keys);
  const toUrl = useCallback((next: Search) => urlSearchOf(resource, next), [resource]);
  useRememberedSearch(path, search, remember, toUrl);
  // Not memoised: the labels follow a language switched on the page (i18n itself stays the same object).
  // A filter the page fixes (fixedInput) is not the user's to change: it is left out of the panel.
  const userNames = useUserNames(filtersByUser(resource));
  const items = filterItemsOf(resource, i18n, userNames).filter((item) => !fixedInput || !(item.prop in fixedInput));
  const pageNo = Number(search.page_no ?? 1);
  const pageSize = Number(search.page_size ?? DEFAULT_PAGE_SIZE);

  // The call's input: the fixed part wins over any same-named key a hand-edited URL might carry.
  const input = useMemo(() => (fixedInput ? { ...search, ...fixedInput } : search), [search, fixedInput]);
  const list = useQuery({
    queryKey: ['resource', resource.name, 'list', input],
    queryFn: ({ signal }) => callApi(endpoint, input as InputOf<E>, { signal }) as Promise<OutputOf<E> & { list: Record<string, unknown>[]; total: number; total_capped?: boolean }>,
    placeholderData: keepPreviousData,
    refetchInterval: refetchInterval && ((query) => refetchInterval(query.state.data?.list ?? [])),
  });

  const go = (next: Search) => void navigate({ to: '.', search: toUrl(next) as never });
  const paging = (page: number, size = pageSize) => go({ ...search, page_no: page, page_size: size });
  // A new search starts at page 1 and keeps the page size.
  const onSearch = (query: FilterQuery) => {
    // `$`/`#` codes in SKU filters are searched as the SKUs they map to; a failed lookup searches them as typed.
    void mapSkuFilters(items, query, skuLookup).catch(() => query)
      .then((mapped) => go({ ...mapped, ...(search.page_size ? { page_size: search.page_size } : {}) }));
  };
  const onReset = () => go(search.page_size ? { page_size: search.page_size } : {});
  // The applied sort: the request's, else the definition's default.
  const sortBy = search.sort_by ?? resource.defaultSort.field;
  const sortDesc = search.sort_by ? search.sort_desc === '1' : resource.defaultSort.desc;
  /** A header click sorts by its column ascending, then descending, then back to the default; page 1. */
  const sortOn = (name: string) => {
    const { page_no: _page, sort_by: _by, sort_desc: _desc, ...rest } = search;
    if (sortBy !== name) go({ ...rest, sort_by: name, sort_desc: 0 });
    else if (!sortDesc) go({ ...rest, sort_by: name, sort_desc: 1 });
    else go(rest);
  };

  const columns = useVisibleColumns(resource, path);
  const timeFields = useMemo(() => listTimeFields(resource), [resource]);
  const withActions = (rowActions?.length ?? 0) > 0;
  const perms = useQuery({ ...sessionQueries.perms(), enabled: withActions }).data ?? NO_PERMS;
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Stack gap={4}>
          <Title order={headingLevel} fz={headingLevel === 1 ? 'h2' : 'h3'}>{title}</Title>
          {description && <Text size="sm" c="dimmed">{description}</Text>}
        </Stack>
        <Group gap="sm">
          {actions}
          <ColumnSettings resource={resource} path={path} />
          {exportable && <ExportButton resource={resource} search={input} path={path} />}
        </Group>
      </Group>
      <FilterPanel items={items} applied={search} onSearch={onSearch} onReset={onReset} savedAs={path} />
      <OldSystemNotice rows={rows} timeFields={timeFields} module={switchModule} />
      {selectionActions}
      {list.isError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`Could not load`}>
          <Trans>The list could not be read from the server.</Trans>
        </Alert>
      )}
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover aria-label={title} aria-busy={list.isFetching} data-testid="resource-table">
          <Table.Thead>
            <Table.Tr>
              {selection && <Table.Th w={40}><ChooseRows selection={selection} rows={rows} keyOf={resource.key} label={t`Choose every row of the page`} /></Table.Th>}
              {columns.map(([name, field]) => {
                if (!field.sortable) return <Table.Th key={name}>{i18n._(field.label)}</Table.Th>;
                const active = sortBy === name;
                const Icon = !active ? IconSelector : sortDesc ? IconChevronDown : IconChevronUp;
                return (
                  <Table.Th key={name} aria-sort={active ? (sortDesc ? 'descending' : 'ascending') : 'none'}>
                    <UnstyledButton onClick={() => sortOn(name)} fw={700} fz="sm">
                      <Group gap={4} wrap="nowrap">
                        {i18n._(field.label)}
                        <Icon size={14} aria-hidden />
                      </Group>
                    </UnstyledButton>
                  </Table.Th>
                );
              })}
              {withActions && <Table.Th>{t`Action`}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const key = String(row[resource.key]);
              return (
                <Table.Tr key={key}>
                  {selection && <Table.Td><ChooseRows selection={selection} rows={[row]} keyOf={resource.key} label={t`Choose ${key}`} /></Table.Td>}
                  {columns.map(([name, field]) => (
                    <Table.Td key={name}>
                      {name === resource.key && detailHref
                        ? <Anchor component={Link} {...linkProps(detailHref(key, row))}>{key}</Anchor>
                        : cells?.[name]?.(row) ?? <FieldValue field={field} value={row[name]} />}
                    </Table.Td>
                  ))}
                  {withActions && <Table.Td><RowActions actions={rowActions ?? []} row={row} perms={perms} /></Table.Td>}
                </Table.Tr>
              );
            })}
            {rows.length === 0 && !list.isPending && (
              <Table.Tr>
                <Table.Td colSpan={columns.length + (withActions ? 1 : 0) + (selection ? 1 : 0)}>
                  <Text c="dimmed" ta="center" py="md"><Trans>No data</Trans></Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.isPending && <Group justify="center"><Loader size="sm" /></Group>}
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" data-testid="list-total">
          {list.data?.total_capped
            ? t`Total more than ${total.toLocaleString(intlTag())}: narrow the filters to see the rest`
            : t`Total ${total.toLocaleString(intlTag())}`}
        </Text>
        <Group gap="sm">
          <Select
            aria-label={t`Rows per page`}
            w={124}
            data={PAGE_SIZE_OPTIONS.map((n) => ({ value: String(n), label: t`${n} / page` }))}
            value={String(pageSize)}
            onChange={(v) => v && paging(1, Number(v))}
            allowDeselect={false}
            // At the foot of the page: open upwards, so the choices are on screen without scrolling.
            comboboxProps={{ position: 'top' }}
          />
          <Pagination total={pages} value={Math.min(pageNo, pages)} onChange={(p) => paging(p)} siblings={1} />
        </Group>
      </Group>
    </Stack>
  );
}
