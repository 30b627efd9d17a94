import { useOpenByQuery } from '../../kit/search-param';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { storageAreaPerm } from '../../../shared/contract/storage-area.contract';
import { zoneResource } from '../../../shared/resources/zone.resource';
import { useSession } from '../../kit/session';
import { isBuilt } from '../../routes/screens';
import { StorageAreaTab } from './storage-area-tab';

const CREATE_PATH = '/wmsbasic/zone/create';

/** /wmsbasic/zone: the warehouse's zones, with create, detail and edit (spec §2 Storage Area Setting). */
export default function ZoneScreen() {
  const { t } = useLingui();
  const { perms } = useSession();
  const open = useOpenByQuery();
  const canCreate = perms.has(storageAreaPerm('zone', 'Create')) && isBuilt(CREATE_PATH);
  return (
    <StorageAreaTab
      resource={zoneResource}
      endpoint={contract.searchZone}
      title={t`Zone`}
      path="/wmsbasic/zone"
      actions={canCreate && (
        <Button component={Link} to={CREATE_PATH} leftSection={<IconPlus size={16} aria-hidden />}>
          <Trans>Create Zone</Trans>
        </Button>
      )}
      rowActions={[
        { label: t`Detail`, onClick: (row) => open('/wmsbasic/zone/detail', 'zone_id', row.zone_id) },
        { label: t`Edit`, permission: storageAreaPerm('zone', 'Edit'), visible: () => isBuilt('/wmsbasic/zone/edit'), onClick: (row) => open('/wmsbasic/zone/edit', 'zone_id', row.zone_id) },
      ]}
    />
  );
}
