import { Button, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { CenteredPage } from '../../kit/centered-page';
import { LanguageMenu } from '../../kit/language-menu';

export default function ResetSuccessScreen() {
  return (
    <CenteredPage title={<Trans>Password changed</Trans>} corner={<LanguageMenu />}>
      <Text>
        <Trans>Your password has been changed. Sign in with your new password.</Trans>
      </Text>
      <Button component={Link} to="/login" replace>
        <Trans>Sign in</Trans>
      </Button>
    </CenteredPage>
  );
}
