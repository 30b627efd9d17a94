import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { validateChangePassword } from '../../../shared/validation';
import { RET } from '../../../shared/retcodes';
import { callApi, isApiError } from '../../kit/api';
import { useSearchParam } from '../../kit/search-param';
import { CenteredPage } from '../../kit/centered-page';
import { LanguageMenu } from '../../kit/language-menu';
import { PasswordField } from '../../kit/password-field';
import { useFormFields } from '../../kit/use-form-fields';

export default function ResetScreen() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const token = useSearchParam('token') ?? '';
  const userId = Number(useSearchParam('user_id'));
  const linkComplete = token.length >= 16 && Number.isInteger(userId) && userId > 0;
  const [linkInvalid, setLinkInvalid] = useState(false);

  const reset = useMutation({
    // The new password goes as typed, once: the server holds it to the policy and stores its hash (docs/decisions.md "New passwords").
    mutationFn: (password: string) => callApi(contract.userPasswordReset, { passwd: password, token, user_id: userId }, { noErrorCodes: [RET.RESET_TOKEN_INVALID] }),
    onSuccess: () => navigate({ to: '/resetSuccess', replace: true }),
    onError: (error) => setLinkInvalid(isApiError(error, RET.RESET_TOKEN_INVALID)),
  });

  // The new password follows the rules of Change Password; there is no current one to differ from.
  const form = useFormFields({ next: '', confirm: '' }, ({ next, confirm }) => {
    const rule = validateChangePassword({ current: '', next }).next;
    return {
      next: rule ? i18n._(rule) : undefined,
      confirm: confirm === '' ? t`Please confirm the new password.` : confirm === next ? undefined : t`The two passwords do not match.`,
    };
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.validateAll()) reset.mutate(form.values.next);
  };

  if (!linkComplete || linkInvalid) {
    return (
      <CenteredPage title={<Trans>Reset your password</Trans>} corner={<LanguageMenu />}>
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {linkInvalid
            ? <Trans>This reset link is invalid or has expired. Please request a new one.</Trans>
            : <Trans>This reset link is incomplete. Please open the link from the email again, or request a new one.</Trans>}
        </Alert>
        <Button component={Link} to="/forget">
          <Trans>Request a new link</Trans>
        </Button>
      </CenteredPage>
    );
  }

  return (
    <CenteredPage title={<Trans>Choose a new password</Trans>} corner={<LanguageMenu />}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            <Trans>Use 8 to 16 characters with at least one uppercase and one lowercase letter.</Trans>
          </Text>
          <PasswordField
            label={t`New Password`}
            autoComplete="new-password"
            required
            {...form.field('next')}
            autoFocus
          />
          <PasswordField
            label={t`Confirm Password`}
            autoComplete="new-password"
            required
            {...form.field('confirm')}
          />
          <Button type="submit" loading={reset.isPending} fullWidth>
            <Trans>Save new password</Trans>
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            <Trans>Back to sign in</Trans>
          </Anchor>
        </Stack>
      </form>
    </CenteredPage>
  );
}
