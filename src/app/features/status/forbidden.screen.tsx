import { Trans } from '@lingui/react/macro';
import { StatusPage } from './status-page';

export default function ForbiddenScreen() {
  return (
    <StatusPage code="403" title={<Trans>Access denied</Trans>}>
      <Trans>You do not have permission to open this page in the current warehouse. Ask your administrator if you need it.</Trans>
    </StatusPage>
  );
}
