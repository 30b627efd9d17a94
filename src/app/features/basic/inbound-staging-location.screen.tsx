import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { inboundStagingResource } from '../../../shared/resources/staging-location.resource';
import { StorageAreaTab } from './storage-area-tab';

/** /wmsbasic/inboundStagingLocation (spec §2 Storage Area Setting): where inbound goods wait between steps, by staging type. */
export default function InboundStagingLocationScreen() {
  const { t } = useLingui();
  return <StorageAreaTab resource={inboundStagingResource} endpoint={contract.searchInboundStagingLocation} title={t`Inbound Staging Location`} path="/wmsbasic/inboundStagingLocation" />;
}
