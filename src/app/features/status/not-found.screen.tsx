import { Trans } from '@lingui/react/macro';
import { StatusPage } from './status-page';

export default function NotFoundScreen() {
  return (
    <StatusPage code="404" title={<Trans>Page not found</Trans>}>
      <Trans>The page you are looking for does not exist or has moved.</Trans>
    </StatusPage>
  );
}
