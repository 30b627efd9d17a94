import { useState } from 'react';
import { Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import type { EndpointDef, InputOf } from '../../../shared/contract/define';
import { titleFieldOf, type FieldDef } from '../../../shared/resources/define';
import { entryName } from '../../../shared/resources/endpoints';
import { resourceNamed } from '../../../shared/resources/registry';
import { RET } from '../../../shared/retcodes';
import { callApi, isApiError } from '../api';

/** How many choices a reference select lists at a time; typing narrows them on the server. */
const REF_PAGE = 50;

export interface RefSelectProps {
  id: string;
  field: FieldDef;
  label: string;
  withAsterisk: boolean;
  error: string | null;
  value: string | number | null;
  onChange(value: string | number | null): void;
  onBlur(): void;
}

/**
 * The select of a `ref` field: rows of the referenced resource the field may name (its
 * `refWhere`), searched on the server by their title as the user types, shown as "key · title".
 * Without the permission to list them the item is a plain input: the server checks the value.
 */
export function RefSelect({ id, field, label, withAsterisk, error, value, onChange, onBlur }: RefSelectProps) {
  const { t } = useLingui();
  const target = resourceNamed(field.ref!)!;
  const list = (contract as Record<string, EndpointDef>)[entryName(target.api!.list.path)]!;
  const title = titleFieldOf(target);
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const choices = useQuery({
    queryKey: ['resource', target.name, 'list', 'ref', field.refWhere ?? {}, query],
    queryFn: ({ signal }) => callApi(list, {
      page_size: REF_PAGE, ...field.refWhere, ...(query && title !== target.key ? { [title]: query } : {}),
    } as InputOf<EndpointDef>, { signal, noErrorCodes: [RET.PERMISSION_DENIED] }) as Promise<{ list: Record<string, unknown>[] }>,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const common = { id, label, withAsterisk, error, onBlur };
  if (isApiError(choices.error, RET.PERMISSION_DENIED)) {
    return <TextInput {...common} value={value === null ? '' : String(value)} maxLength={field.max} onChange={(e) => onChange(e.currentTarget.value || null)} />;
  }
  const rows = choices.data?.list ?? [];
  const data = rows.map((row) => {
    const key = String(row[target.key]);
    return { value: key, label: title === target.key || row[title] == null ? key : `${key} · ${String(row[title])}` };
  });
  // The value the record has stays offered even when it is not among the choices (an inactive merchant on Edit).
  if (value !== null && !data.some((o) => o.value === String(value))) data.unshift({ value: String(value), label: String(value) });
  return (
    <Select
      {...common}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next === null ? null : field.kind === 'int' ? Number(next) : next)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already: every choice it answered stays listed.
      filter={({ options }) => options}
      nothingFoundMessage={choices.isFetching ? t`Loading…` : t`No data`}
      clearable={!withAsterisk}
      allowDeselect={!withAsterisk}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
