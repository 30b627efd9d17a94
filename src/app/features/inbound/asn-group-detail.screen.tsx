import { Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { ASN_PAGES, asnGroupResource, asnResource } from '../../../shared/resources/asn.resource';
import { ResourceDetail } from '../../kit/resource/resource-detail';
import { ResourceList } from '../../kit/resource/resource-list';
import { useSearchParam } from '../../kit/search-param';
import { useCanOpen } from '../../routes/use-access';

/**
 * /inbound/asngroup/detail?group_no=…: one ASN group and the ASNs in it (spec §2). Its ASNs are
 * read with the ASN list's permission: without it the group shows alone.
 */
export default function AsnGroupDetailScreen() {
  const { t } = useLingui();
  const groupNo = useSearchParam('group_no') ?? '';
  const canListAsns = useCanOpen(ASN_PAGES.list);
  const canOpenAsn = useCanOpen(ASN_PAGES.detail);
  return (
    <Stack gap="md">
      <ResourceDetail resource={asnGroupResource} endpoint={contract.getAsnGroupDetail} title={t`ASN Group Detail`} id={groupNo} />
      {canListAsns && groupNo !== '' && (
        <ResourceList
          resource={asnResource}
          endpoint={contract.searchAsn}
          title={t`ASNs of the group`}
          path={ASN_PAGES.groupDetail}
          remember={false}
          fixedInput={{ group_no: groupNo }}
          detailHref={canOpenAsn ? (key) => ASN_PAGES.detail.replace('$id', encodeURIComponent(key)) : undefined}
        />
      )}
    </Stack>
  );
}
