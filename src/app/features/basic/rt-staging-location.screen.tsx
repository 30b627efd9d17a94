import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { rtStagingResource } from '../../../shared/resources/staging-location.resource';
import { StorageAreaTab } from './storage-area-tab';

/** /wmsbasic/rtStagingLocation (spec §2 Storage Area Setting): where returns wait between steps, by staging type. */
export default function RtStagingLocationScreen() {
  const { t } = useLingui();
  return <StorageAreaTab resource={rtStagingResource} endpoint={contract.searchRtStagingLocation} title={t`RT Staging Location`} path="/wmsbasic/rtStagingLocation" />;
}
