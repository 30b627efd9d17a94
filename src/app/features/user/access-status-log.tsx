import { Group, Loader, Pagination, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { accessStatusLogResource } from '../../../shared/resources/user.resource';
import { FieldValue } from '../../kit/resource/field-value';
import { userAdminQueries } from './user-admin.queries';

type Row = Record<string, unknown>;

/** The columns of one user's log: the resource's fields but the user's own (they are the log's subject). */
const COLUMNS = (['created_at', 'from_status', 'to_status', 'is_active', 'operator_email', 'reason'] as const)
  .map((name) => [name, accessStatusLogResource.fields[name]] as const);

/** Access status changes of one user, newest first, their fields shown as every list shows them. */
export function AccessStatusLogTable({ rows }: { rows: readonly Row[] }) {
  const { t, i18n } = useLingui();
  if (rows.length === 0) return <Text c="dimmed"><Trans>No status changes.</Trans></Text>;
  return (
    <Table striped aria-label={t`Access Status Log`} data-testid="access-status-log">
      <Table.Thead>
        <Table.Tr>{COLUMNS.map(([name, field]) => <Table.Th key={name}>{i18n._(field.label)}</Table.Th>)}</Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={String(row.log_id)}>
            {COLUMNS.map(([name, field]) => <Table.Td key={name}><FieldValue field={field} value={row[name]} /></Table.Td>)}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One user's access status log in this warehouse (search_access_status_log), a page at a time. */
export function AccessStatusLog({ userId, pageNo, onPage }: { userId: number; pageNo: number; onPage(page: number): void }) {
  const log = useQuery({ ...userAdminQueries.accessLog(userId, pageNo), placeholderData: keepPreviousData });
  if (!log.data) return <Loader size="sm" />;
  const pages = Math.max(1, Math.ceil(log.data.total / log.data.page_size));
  return (
    <>
      <AccessStatusLogTable rows={log.data.list} />
      {pages > 1 && <Group justify="flex-end" mt="sm"><Pagination total={pages} value={pageNo} onChange={onPage} /></Group>}
    </>
  );
}
