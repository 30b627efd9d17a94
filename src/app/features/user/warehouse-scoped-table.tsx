import { useState, type ReactNode } from 'react';
import { Alert, Group, Loader, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { EndpointDef, InputOf } from '../../../shared/contract/define';
import type { ResourceDef } from '../../../shared/resources/define';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { callApi } from '../../kit/api';
import { FieldValue } from '../../kit/resource/field-value';

type Row = Record<string, unknown>;

/**
 * One warehouse's rows of a resource (/user/warehouselist/users|roles/$whsId): the columns of the
 * definition, paged. The kit's ResourceList cannot yet send a fixed parameter (`whs_id`) with its
 * search, so this page has no filter panel.
 */
export function WarehouseScopedTable<E extends EndpointDef>({ resource, endpoint, title, whsId, action }: {
  resource: ResourceDef; endpoint: E; title: string; whsId: string; action?(row: Row): ReactNode;
}) {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['resource', resource.name, 'whs', whsId, page],
    queryFn: ({ signal }) => callApi(endpoint, { whs_id: whsId, page_no: page, page_size: DEFAULT_PAGE_SIZE } as InputOf<E>, { signal }) as Promise<{ list: Row[]; total: number }>,
    placeholderData: keepPreviousData,
  });
  const columns = Object.entries(resource.fields).filter(([, f]) => !f.hideInList);
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      {list.isPending && <Loader size="sm" />}
      {list.isError && <Alert color="red"><Trans>The list could not be read from the server.</Trans></Alert>}
      {list.data && (
        <>
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover aria-label={title}>
              <Table.Thead>
                <Table.Tr>
                  {columns.map(([name, field]) => <Table.Th key={name}>{i18n._(field.label)}</Table.Th>)}
                  {action && <Table.Th>{t`Action`}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.list.map((row) => (
                  <Table.Tr key={String(row[resource.key])}>
                    {columns.map(([name, field]) => <Table.Td key={name}><FieldValue field={field} value={row[name]} /></Table.Td>)}
                    {action && <Table.Td>{action(row)}</Table.Td>}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Text size="sm"><Trans>Total {list.data.total}</Trans></Text>
            <Pagination total={Math.max(1, Math.ceil(list.data.total / DEFAULT_PAGE_SIZE))} value={page} onChange={setPage} />
          </Group>
        </>
      )}
    </Stack>
  );
}
