import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { userGlobalResource } from '../../../shared/resources/user.resource';
import { ResourceList } from '../../kit/resource/resource-list';

/** /user/list: every account (a super admin) or those sharing a warehouse with the viewer. */
export default function AllUsersScreen() {
  const { t } = useLingui();
  return <ResourceList resource={userGlobalResource} endpoint={contract.searchUser} title={t`User List`} path="/user/list" exportable />;
}
