import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Alert, Anchor, Group, Loader, Pagination, Select, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../../../shared/constants';
import type { EndpointDef, InputOf, OutputOf } from '../../../shared/contract/define';
import type { ResourceDef } from '../../../shared/resources/define';
import { callApi } from '../api';
import { intlTag } from '../i18n';
import { filterItemsOf, listKeysOf, urlSearchOf } from './resource-fields';
import { FieldValue } from './field-value';
import { FilterPanel, type FilterQuery } from './filter-panel';

type Search = Record<string, unknown>;
const REMEMBERED_PREFIX = 'tally-list-search:';

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

export interface ResourceListProps<E extends EndpointDef> {
  resource: ResourceDef;
  /** The list call of the resource (resourceEndpoints(...).list). */
  endpoint: E;
  title: string;
  /** The manifest path of the list: where its search is remembered. */
  path: string;
  remember?: boolean;
  /** Where a row's key links to (its detail page). */
  detailHref?(key: string): string;
}

/**
 * The list page of a resource: filter panel, table and paging, all from its definition. The
 * search lives in the URL (shareable, back-button friendly) and is remembered per list.
 */
export function ResourceList<E extends EndpointDef>({ resource, endpoint, title, path, remember = true, detailHref }: ResourceListProps<E>) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const keys = useMemo(() => listKeysOf(resource), [resource]);
  const search = useListSearch(keys);
  const toUrl = useCallback((next: Search) => urlSearchOf(resource, next), [resource]);
  useRememberedSearch(path, search, remember, toUrl);
  // Not memoised: the labels follow a language switched on the page (i18n itself stays the same object).
  const items = filterItemsOf(resource, i18n);
  const pageNo = Number(search.page_no ?? 1);
  const pageSize = Number(search.page_size ?? DEFAULT_PAGE_SIZE);

  const list = useQuery({
    queryKey: ['resource', resource.name, 'list', search],
    queryFn: ({ signal }) => callApi(endpoint, search as InputOf<E>, { signal }) as Promise<OutputOf<E> & { list: Record<string, unknown>[]; total: number }>,
    placeholderData: keepPreviousData,
  });

  const go = (next: Search) => void navigate({ to: '.', search: toUrl(next) as never });
  const paging = (page: number, size = pageSize) => go({ ...search, page_no: page, page_size: size });
  // A new search starts at page 1 and keeps the page size.
  const onSearch = (query: FilterQuery) => go({ ...query, ...(search.page_size ? { page_size: search.page_size } : {}) });
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

  const columns = Object.entries(resource.fields).filter(([, f]) => !f.hideInList);
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  return (
    <Stack gap="md">
      <Title order={1} fz="h2">{title}</Title>
      <FilterPanel items={items} applied={search} onSearch={onSearch} onReset={onReset} />
      {list.isError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`Could not load`}>
          <Trans>The list could not be read from the server.</Trans>
        </Alert>
      )}
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover aria-label={title} aria-busy={list.isFetching} data-testid="resource-table">
          <Table.Thead>
            <Table.Tr>
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
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const key = String(row[resource.key]);
              return (
                <Table.Tr key={key}>
                  {columns.map(([name, field]) => (
                    <Table.Td key={name}>
                      {name === resource.key && detailHref
                        ? <Anchor component={Link} to={detailHref(key)}>{key}</Anchor>
                        : <FieldValue field={field} value={row[name]} />}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
            {rows.length === 0 && !list.isPending && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
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
          {t`Total ${total.toLocaleString(intlTag())}`}
        </Text>
        <Group gap="sm">
          <Select
            aria-label={t`Rows per page`}
            w={124}
            data={PAGE_SIZE_OPTIONS.map((n) => ({ value: String(n), label: t`${n} / page` }))}
            value={String(pageSize)}
            onChange={(v) => v && paging(1, Number(v))}
            allowDeselect={false}
          />
          <Pagination total={pages} value={Math.min(pageNo, pages)} onChange={(p) => paging(p)} siblings={1} />
        </Group>
      </Group>
    </Stack>
  );
}
