import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { logicAreaResource } from '../../../shared/resources/logic-area.resource';
import { StorageAreaTab } from './storage-area-tab';

/** /wmsbasic/logicArea (spec §2 Storage Area Setting): logic areas: named groups of zones used by planning rules. */
export default function LogicAreaScreen() {
  const { t } = useLingui();
  return <StorageAreaTab resource={logicAreaResource} endpoint={contract.searchLogicArea} title={t`Logic Area`} path="/wmsbasic/logicArea" />;
}
