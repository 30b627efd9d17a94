import { Avatar, Group, Menu, Text, UnstyledButton, useMatches } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconMail } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Locale } from '../../../shared/locales';
import { enqueue } from '../../kit/outbox';
import { sessionQueries } from '../../kit/queries';
import { useSession } from '../../kit/use-session';
import { LanguageMenu } from '../../kit/language-menu';
import { initialsOf } from './menu-icons';
import { SyncBadge } from './sync-badge';
import { useSignOut } from './use-sign-out';

function UserMenu({ onChangePassword }: { onChangePassword: () => void }) {
  const { t } = useLingui();
  const { user } = useSession();
  const signOut = useSignOut();
  const name = user.display_name || user.email;
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t`Account menu of ${name}`}>
          <Group gap={6} wrap="nowrap">
            <Avatar src={user.header || null} alt={name} radius="xl" size={32} color="blue">
              {initialsOf(name)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="md" maw={160} truncate>
              {name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item disabled leftSection={<IconMail size={16} aria-hidden />}>
          {user.email}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={onChangePassword}>
          <Trans>Change Password</Trans>
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} color="red" onClick={() => void signOut()}>
          <Trans>Logout</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The top navbar's right side (spec §2): sync badge, language dropdown, avatar and user dropdown. */
export default function TopBarActions({ onChangePassword }: { onChangePassword: () => void }) {
  const queryClient = useQueryClient();
  const wide = useMatches({ base: false, lg: true });
  // The signed-in user's language is an account setting (set_user_setting name "lang"). It goes
  // through the outbox like a scan, so a language chosen with the network gone is saved later.
  const saveLanguage = useMutation({
    mutationFn: async (lang: Locale) => {
      // Loaded on use: the op carries its zod schema, which the shell's first chunks do without.
      const { userSettingsOps } = await import('../../../shared/ops/user-settings.ops');
      return enqueue(userSettingsOps.setUserSetting, { name: 'lang', value: lang });
    },
    onSuccess: (_op, lang) =>
      queryClient.setQueryData(sessionQueries.loginInfo().queryKey, (user) => (user ? { ...user, lang } : user)),
  });
  return (
    <Group gap={4} wrap="nowrap">
      <SyncBadge />
      <LanguageMenu onChanged={(lang) => saveLanguage.mutate(lang)} compact={!wide} />
      <UserMenu onChangePassword={onChangePassword} />
    </Group>
  );
}
