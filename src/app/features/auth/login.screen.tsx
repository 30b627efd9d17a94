import { useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { contract } from '../../../shared/contract';
import { hashPasswordForTransport } from '../../../shared/password-hash';
import { isSimplePassword, requiredMessage } from '../../../shared/validation';
import { RET } from '../../../shared/retcodes';
import { STORAGE_KEYS } from '../../../shared/constants';
import { normaliseLocale } from '../../../shared/locales';
import { ApiError, NetworkError, callApi } from '../../kit/api';
import { activateLocale, currentLocale } from '../../kit/i18n';
import { sessionQueries } from '../../kit/queries';
import { adoptWarehouse, clearSession } from '../../kit/session';
import { APP_BASE, safeRedirectUrl } from '../../kit/redirect-url';
import { useSearchParam } from '../../kit/search-param';
import { readStored, writeStored } from '../../kit/storage';
import { CenteredPage } from '../../kit/centered-page';
import { LanguageMenu } from '../../kit/language-menu';
import { PasswordField } from '../../kit/password-field';
import { useFormFields } from '../../kit/use-form-fields';

export default function LoginScreen() {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const queryClient = useQueryClient();
  const redirectUrl = useSearchParam('redirect_url');
  const form = useFormFields({ email: readStored(STORAGE_KEYS.email) ?? '', password: '' }, ({ email, password }) => ({
    email: email.trim() === '' ? i18n._(requiredMessage(t`Email`, 'input')) : undefined,
    password: password === '' ? i18n._(requiredMessage(t`Password`, 'input')) : undefined,
  }));
  const [failure, setFailure] = useState<string | null>(null);
  // Only a language picked here on purpose is saved to the account; the device's last
  // language may belong to whoever used this PDA before.
  const pickedLanguage = useRef(false);

  const login = useMutation({
    mutationFn: (credentials: { email: string; password: string }) =>
      callApi(contract.userLogin, {
        email: credentials.email,
        password: hashPasswordForTransport(credentials.password),
        is_simple_password: isSimplePassword(credentials.password),
      }, { quiet: true }),
    onSuccess: async (user) => {
      clearSession(queryClient);
      adoptWarehouse(user.whs_id);
      writeStored(STORAGE_KEYS.email, user.email);
      let lang = normaliseLocale(user.lang);
      if (pickedLanguage.current && lang !== currentLocale()) {
        lang = currentLocale();
        await callApi(contract.setUserSetting, { name: 'lang', value: lang }, { quiet: true }).catch(() => undefined);
      } else if (lang !== currentLocale()) {
        await activateLocale(lang);
      }
      queryClient.setQueryData(sessionQueries.loginInfo().queryKey, { ...user, lang });
      await router.navigate({ href: safeRedirectUrl(redirectUrl) ?? `${APP_BASE}/home`, replace: true });
    },
    onError: (error) => {
      form.setValue('password', '');
      if (error instanceof NetworkError) setFailure(t`Network error, please try again.`);
      else if (!(error instanceof ApiError)) setFailure(t`Sign-in failed, please try again.`);
      else if (error.retcode === RET.BAD_CREDENTIALS) setFailure(t`Incorrect email or password.`);
      else if (error.retcode === RET.RATE_LIMITED) {
        const seconds = Math.max(1, Math.ceil(Number((error.data as { retry_after_s?: unknown } | null)?.retry_after_s) || 60));
        const minutes = Math.ceil(seconds / 60);
        // Waits grow from a second: short ones are said in seconds.
        setFailure(seconds < 60
          ? t`Too many attempts. ${plural(seconds, { one: 'Try again in # second.', other: 'Try again in # seconds.' })}`
          : t`Too many attempts. ${plural(minutes, { one: 'Try again in # minute.', other: 'Try again in # minutes.' })}`);
      } else setFailure(error.message);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (form.validateAll()) login.mutate({ email: form.values.email.trim(), password: form.values.password });
  };

  return (
    <CenteredPage
      title={<Trans>Sign in to Tally</Trans>}
      corner={<LanguageMenu onChanged={() => { pickedLanguage.current = true; }} />}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t`Email`}
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            {...form.field('email')}
            autoFocus={form.values.email === ''}
          />
          <PasswordField
            label={t`Password`}
            autoComplete="current-password"
            required
            {...form.field('password')}
            autoFocus={form.values.email !== ''}
          />
          <Button type="submit" loading={login.isPending} fullWidth>
            <Trans>Sign in</Trans>
          </Button>
          <Anchor component={Link} to="/forget" size="sm" ta="center">
            <Trans>Forgot password?</Trans>
          </Anchor>
        </Stack>
      </form>
    </CenteredPage>
  );
}
