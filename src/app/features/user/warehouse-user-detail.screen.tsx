import { Alert, Loader, Stack, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { userResource } from '../../../shared/resources/user.resource';
import { callApi } from '../../kit/api';
import { ResourceForm } from '../../kit/resource/resource-form';
import { AccessStatusLogTable } from './access-status-log';

/** /user/warehouselist/users/$whsId/$userId: one member of a warehouse (the user form's Detail) and their access status changes there. */
export default function WarehouseUserDetailScreen() {
  const { t } = useLingui();
  const { whsId = '', userId = '' } = useParams({ strict: false }) as { whsId?: string; userId?: string };
  const detail = useQuery({
    queryKey: ['userAdmin', 'whsUser', whsId, userId],
    queryFn: ({ signal }) => callApi(contract.getWarehouseUserDetail, { whs_id: whsId, user_id: Number(userId) }, { signal }),
    retry: false,
  });
  return (
    <Stack gap="md" maw={960}>
      {detail.isPending && <><Title order={2}><Trans>User Detail</Trans></Title><Loader size="sm" /></>}
      {detail.isError && <Alert color="red"><Trans>The record could not be read from the server.</Trans></Alert>}
      {detail.data && (
        <>
          <ResourceForm resource={userResource} mode="detail" title={t`User Detail`} row={detail.data.user} />
          <Title order={3}><Trans>Access Status Log</Trans></Title>
          <AccessStatusLogTable rows={detail.data.access_log} />
        </>
      )}
    </Stack>
  );
}
