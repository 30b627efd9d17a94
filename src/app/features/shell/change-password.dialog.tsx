import type { FormEvent } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { hashPasswordForTransport } from '../../../shared/password-hash';
import { isSimplePassword, validateChangePassword } from '../../../shared/validation';
import { RET } from '../../../shared/retcodes';
import { callApi, isApiError } from '../../kit/api';
import { sessionQueries } from '../../kit/queries';
import { useSession } from '../../kit/session';
import { toast } from '../../kit/toast';
import { PasswordField } from '../../kit/password-field';
import { useFormFields } from '../../kit/use-form-fields';

/** Change Password (spec §2, §5): both passwords are hashed before they are sent. */
export function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const queryClient = useQueryClient();
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
      new_pwd: hashPasswordForTransport(next),
      is_simple_password: isSimplePassword(next),
    }, { noErrorCodes: [RET.WRONG_CURRENT_PASSWORD, RET.PASSWORD_UNCHANGED] }),
    onSuccess: () => {
      toast.success(t`Password changed.`);
      void queryClient.invalidateQueries({ queryKey: sessionQueries.simplePassword().queryKey });
      close();
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

  return (
    <Modal opened={opened} onClose={close} title={t`Change Password`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
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
            <Button variant="default" onClick={close}>
              <Trans context="button">Cancel</Trans>
            </Button>
            <Button type="submit" loading={change.isPending}>
              <Trans>Confirm</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
