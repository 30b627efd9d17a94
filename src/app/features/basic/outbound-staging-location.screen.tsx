import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { outboundStagingResource } from '../../../shared/resources/staging-location.resource';
import { StorageAreaTab } from './storage-area-tab';

/** /wmsbasic/outboundStagingLocation (spec §2 Storage Area Setting): where outbound parcels wait between steps, by staging type. */
export default function OutboundStagingLocationScreen() {
  const { t } = useLingui();
  return <StorageAreaTab resource={outboundStagingResource} endpoint={contract.searchOutboundStagingLocation} title={t`Outbound Staging Location`} path="/wmsbasic/outboundStagingLocation" />;
}
