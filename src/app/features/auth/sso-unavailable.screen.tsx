import { Button, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { CenteredPage } from '../../kit/centered-page';
import { LanguageMenu } from '../../kit/language-menu';
import { useSearchParam } from '../../kit/search-param';

/**
 * /google/login, /tob/login and /tob/callback: this installation has no single sign-on
 * provider, so say so and offer the email sign-in, keeping where the user was going.
 */
export default function SsoUnavailableScreen() {
  const redirectUrl = useSearchParam('redirect_url');
  const navigate = useNavigate();
  return (
    <CenteredPage title={<Trans>Sign in</Trans>} corner={<LanguageMenu />}>
      <Text>
        <Trans>Single sign-on is not configured for this installation.</Trans>
      </Text>
      <Button onClick={() => void navigate({ to: '/login', search: { redirect_url: redirectUrl }, replace: true })}>
        <Trans>Sign in with email</Trans>
      </Button>
    </CenteredPage>
  );
}
