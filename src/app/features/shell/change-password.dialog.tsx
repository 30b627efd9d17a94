import type { FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { hashPasswordForTransport } from '../../../shared/password-hash';
import { validateChangePassword } from '../../../shared/validation';
import { RET } from '../../../shared/retcodes';
import type { Locale } from '../../../shared/locales';
import { callApi, isApiError } from '../../kit/api';
import { sessionQueries } from '../../kit/queries';
import { toast } from '../../kit/toast';
import { LanguageMenu } from '../../kit/language-menu';
import { PasswordField } from '../../kit/password-field';
import { useFormFields } from '../../kit/use-form-fields';
import { useSignOut } from './use-sign-out';

interface ChangePasswordDialogProps {
  opened: boolean;
  onClose: () => void;
  /**
   * The account holds a temporary password (docs/user-admin.md): the dialog cannot be dismissed,
   * offers Logout instead of Cancel and the language, and opens the app once the password is changed.
   */
  forced?: boolean;
}

/**
 * Change Password (spec §2, §5). The current password is hashed before it is sent; the new one is
 * sent as typed, once, so the server can hold it to the policy too (docs/decisions.md "New passwords").
 */
export function ChangePasswordDialog({ opened, onClose, forced = false }: ChangePasswordDialogProps) {
  const { t, i18n } = useLingui();
  // Only the user: a forced change happens before the rest of the session may be read.
  const { data: user } = useSuspenseQuery(sessionQueries.loginInfo());
  const queryClient = useQueryClient();
  const router = useRouter();
  const signOut = useSignOut();
  const form = useFormFields({ current: '', next: '' }, (values) => {
    const found = validateChangePassword(values);
    return {
      current: found.current ? i18n._(found.current) : undefined,
      next: found.next ? i18n._(found.next) : undefined,
    };
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const change = useMutation({
    mutationFn: ({ current, next }: { current: string; next: string }) => callApi(contract.resetMyPwd, {
      old_pwd: hashPasswordForTransport(current),
      new_pwd: next,
    }, { noErrorCodes: [RET.WRONG_CURRENT_PASSWORD, RET.PASSWORD_UNCHANGED] }),
    onSuccess: () => {
      toast.success(t`Password changed.`);
      void queryClient.invalidateQueries({ queryKey: sessionQueries.simplePassword().queryKey });
      close();
      if (forced) {
        // The server cleared the flag with the change: the shell opens, and the guard runs again
        // for the page asked for (its permission was not checked while the password was temporary).
        queryClient.setQueryData(sessionQueries.loginInfo().queryKey, (info) => (info ? { ...info, password_change_required: false } : info));
        void router.invalidate();
      }
    },
    onError: (error) => {
      if (isApiError(error, RET.WRONG_CURRENT_PASSWORD)) form.setErrors({ current: t`Current password is incorrect.` });
      if (isApiError(error, RET.PASSWORD_UNCHANGED)) form.setErrors({ next: t`The New Password can't equal Current Password` });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.validateAll()) change.mutate(form.values);
  };

  // Before the password is changed only set_user_setting is open to save the language (the outbox waits too).
  const saveLanguage = (lang: Locale) => {
    queryClient.setQueryData(sessionQueries.loginInfo().queryKey, (info) => (info ? { ...info, lang } : info));
    void callApi(contract.setUserSetting, { name: 'lang', value: lang }, { quiet: true }).catch(() => undefined);
  };

  return (
    <Modal
      opened={opened}
      onClose={forced ? () => undefined : close}
      title={t`Change Password`}
      centered
      withCloseButton={!forced}
      closeOnEscape={!forced}
      closeOnClickOutside={!forced}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {forced && (
            <Alert color="orange" icon={<IconLock size={18} aria-hidden />}>
              <Trans>Your password was set by an administrator. Choose a new password to continue.</Trans>
            </Alert>
          )}
          <TextInput label={t`User ID`} value={String(user.user_id)} readOnly variant="filled" />
          <TextInput label={t`Email`} value={user.email} readOnly variant="filled" autoComplete="username" />
          <PasswordField
            label={t`Current Password`}
            autoComplete="current-password"
            required
            {...form.field('current')}
            data-autofocus
          />
          <PasswordField
            label={t`New Password`}
            description={t`8 to 16 characters, with an uppercase and a lowercase letter.`}
            autoComplete="new-password"
            required
            {...form.field('next')}
          />
          <Group justify="flex-end" mt="sm">
            {forced ? (
              <>
                <Button variant="default" onClick={() => void signOut()} mr="auto">
                  <Trans>Logout</Trans>
                </Button>
                <LanguageMenu onChanged={saveLanguage} compact />
              </>
            ) : (
              <Button variant="default" onClick={close}>
                <Trans context="button">Cancel</Trans>
              </Button>
            )}
            <Button type="submit" loading={change.isPending}>
              <Trans>Confirm</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
