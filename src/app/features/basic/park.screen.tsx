import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { parkResource } from '../../../shared/resources/park.resource';
import { StorageAreaTab } from './storage-area-tab';

/** /wmsbasic/park (spec §2 Storage Area Setting): the warehouse's parks, the top of its zone tree. */
export default function ParkScreen() {
  const { t } = useLingui();
  return <StorageAreaTab resource={parkResource} endpoint={contract.searchPark} title={t`Park`} path="/wmsbasic/park" />;
}
