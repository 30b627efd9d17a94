import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { requiredMessage } from '../../../shared/validation';
import { RET } from '../../../shared/retcodes';
import { STORAGE_KEYS } from '../../../shared/constants';
import { callApi, isApiError } from '../../kit/api';
import { readStored } from '../../kit/storage';
import { CenteredPage } from '../../kit/centered-page';
import { LanguageMenu } from '../../kit/language-menu';
import { useFormFields } from '../../kit/use-form-fields';

type Outcome = 'sent' | 'tooSoon';

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

export default function ForgetScreen() {
  const { t, i18n } = useLingui();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const forgot = useMutation({
    mutationFn: (address: string) => callApi(contract.userForgot, { email: address }),
    onSuccess: () => setOutcome('sent'),
    onError: (e) => {
      if (isApiError(e, RET.RESET_TOO_SOON)) setOutcome('tooSoon');
    },
  });

  const form = useFormFields({ email: readStored(STORAGE_KEYS.email) ?? '' }, ({ email }) => ({
    email: email.trim() === ''
      ? i18n._(requiredMessage(t`Email`, 'input'))
      : looksLikeEmail(email.trim()) ? undefined : t`Please enter a valid email address.`,
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.validateAll()) forgot.mutate(form.values.email.trim());
  };

  return (
    <CenteredPage title={<Trans>Reset your password</Trans>} corner={<LanguageMenu />}>
      {outcome ? (
        <Stack gap="md">
          <Alert color={outcome === 'sent' ? 'teal' : 'yellow'} icon={<IconMailCheck size={18} />} role="status">
            {outcome === 'sent'
              ? <Trans>If the address belongs to an account, we have sent a reset link.</Trans>
              : <Trans>A reset link was sent recently. Please check your inbox or try again later.</Trans>}
          </Alert>
          <Button component={Link} to="/login" variant="light">
            <Trans>Back to sign in</Trans>
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              <Trans>Enter the email address of your account and we will send you a link to choose a new password.</Trans>
            </Text>
            <TextInput
              label={t`Email`}
              type="email"
              inputMode="email"
              autoComplete="username"
              required
              {...form.field('email')}
              autoFocus
            />
            <Button type="submit" loading={forgot.isPending} fullWidth>
              <Trans>Send reset link</Trans>
            </Button>
            <Anchor component={Link} to="/login" size="sm" ta="center">
              <Trans>Back to sign in</Trans>
            </Anchor>
          </Stack>
        </form>
      )}
    </CenteredPage>
  );
}
