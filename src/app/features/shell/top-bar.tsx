import { Anchor, Avatar, Breadcrumbs, Burger, Group, Menu, Text, UnstyledButton, useMatches } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconMail } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Locale } from '../../../shared/locales';
import { enqueue } from '../../kit/outbox';
import { sessionQueries } from '../../kit/queries';
import { useSession } from '../../kit/use-session';
import { LanguageMenu } from '../../kit/language-menu';
import { breadcrumbs } from '../../routes/access';
import { initialsOf } from './menu-icons';
import { SyncBadge } from './sync-badge';
import { useSignOut } from './use-sign-out';

/** A declared path with its parameters filled in; an absent optional parameter drops its segment. */
function fillPath(path: string, params: Record<string, string>): string {
  const segments = path.split('/').filter(Boolean).map((segment) =>
    segment.replace(/\{-?\$(\w+)\}|\$(\w+)/g, (_m, braced?: string, bare?: string) => encodeURIComponent(params[braced ?? bare ?? ''] ?? '')));
  return '/' + segments.filter(Boolean).join('/');
}

function PageBreadcrumbs() {
  const { t, i18n } = useLingui();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const items = breadcrumbs(pathname);
  return (
    <Breadcrumbs
      component="nav"
      aria-label={t`Breadcrumbs`}
      separatorMargin={6}
      style={{ minWidth: 0, flexWrap: 'nowrap', overflow: 'hidden' }}
    >
      {items.map((item, index) => {
        const title = i18n._(item.title);
        return index === items.length - 1 ? (
          <Text key={item.path} size="sm" fw={600} truncate aria-current="page">
            {title}
          </Text>
        ) : (
          <Anchor key={item.path} component={Link} to={fillPath(item.path, item.params)} size="sm" c="dimmed" truncate visibleFrom="xs">
            {title}
          </Anchor>
        );
      })}
    </Breadcrumbs>
  );
}

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

interface TopBarProps {
  navOpened: boolean;
  onToggleNav: () => void;
  onChangePassword: () => void;
  /** Operator shell: the sidebar is a drawer at every width. */
  handheld: boolean;
}

/** The top navbar (spec §2): breadcrumbs, language dropdown, avatar and user dropdown. */
export function TopBar({ navOpened, onToggleNav, onChangePassword, handheld }: TopBarProps) {
  const { t } = useLingui();
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
    // Queuing is local work: it must not wait for the network like TanStack's default does.
    networkMode: 'always',
    onSuccess: (_op, lang) =>
      queryClient.setQueryData(sessionQueries.loginInfo().queryKey, (user) => (user ? { ...user, lang } : user)),
  });
  return (
    <Group h="100%" px="md" gap="sm" wrap="nowrap" justify="space-between">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom={handheld ? undefined : 'sm'} size={handheld ? 'md' : 'sm'} aria-label={t`Open navigation`} aria-expanded={navOpened} />
        <PageBreadcrumbs />
      </Group>
      <Group gap={4} wrap="nowrap">
        <SyncBadge />
        <LanguageMenu onChanged={(lang) => saveLanguage.mutate(lang)} compact={!wide} />
        <UserMenu onChangePassword={onChangePassword} />
      </Group>
    </Group>
  );
}
