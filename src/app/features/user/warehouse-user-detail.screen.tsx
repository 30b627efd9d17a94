import { Alert, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { STAFF_STATUS_FIELD, userResource } from '../../../shared/resources/user.resource';
import { callApi } from '../../kit/api';
import { FieldValue, useWarehouseTimeZone } from '../../kit/resource/field-value';
import { formatUnixSeconds } from '../../kit/resource/resource-fields';

/** /user/warehouselist/users/$whsId/$userId: one member of a warehouse and their access status changes there. */
export default function WarehouseUserDetailScreen() {
  const { t, i18n } = useLingui();
  const timeZone = useWarehouseTimeZone();
  const { whsId = '', userId = '' } = useParams({ strict: false }) as { whsId?: string; userId?: string };
  const detail = useQuery({
    queryKey: ['userAdmin', 'whsUser', whsId, userId],
    queryFn: ({ signal }) => callApi(contract.getWarehouseUserDetail, { whs_id: whsId, user_id: Number(userId) }, { signal }),
    retry: false,
  });
  return (
    <Stack gap="md" maw={960}>
      <Title order={2}><Trans>User Detail</Trans></Title>
      {detail.isPending && <Loader size="sm" />}
      {detail.isError && <Alert color="red"><Trans>The record could not be read from the server.</Trans></Alert>}
      {detail.data && (
        <>
          <Paper withBorder p="md" radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {Object.entries(userResource.fields).map(([name, field]) => (
                <div key={name}>
                  <Text size="xs" c="dimmed">{i18n._(field.label)}</Text>
                  <FieldValue field={field} value={(detail.data.user as Record<string, unknown>)[name]} />
                </div>
              ))}
            </SimpleGrid>
          </Paper>
          <Title order={3}><Trans>Access Status Log</Trans></Title>
          {detail.data.access_log.length === 0 ? <Text c="dimmed"><Trans>No status changes.</Trans></Text> : (
            <Table striped aria-label={t`Access Status Log`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t`Time`}</Table.Th><Table.Th>{t`From`}</Table.Th><Table.Th>{t`To`}</Table.Th><Table.Th>{t`Operator`}</Table.Th><Table.Th>{t`Reason`}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {detail.data.access_log.map((log) => (
                  <Table.Tr key={log.log_id}>
                    <Table.Td>{formatUnixSeconds(log.created_at, timeZone)}</Table.Td>
                    <Table.Td><FieldValue field={STAFF_STATUS_FIELD} value={log.from_status} /></Table.Td>
                    <Table.Td><FieldValue field={STAFF_STATUS_FIELD} value={log.to_status} /></Table.Td>
                    <Table.Td>{log.operator_email}</Table.Td>
                    <Table.Td>{log.reason || '-'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </Stack>
  );
}
