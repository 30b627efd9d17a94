import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { accessHeld, accessPerms, type Access } from '../../shared/contract/define';
import { permissionTitle } from '../../shared/permissions';
import { useSession } from './use-session';

/**
 * Whether the signed-in user may do something here: a contract entry's `access`, or an offline op
 * kind's. It needs no permission, or they hold the one it needs (any one of `anyPerm`) in this warehouse.
 */
export function useMayCall(access: Access): boolean {
  const { perms } = useSession();
  return accessHeld(access, perms);
}

/**
 * Shown in place of what a user may not do on a page they may open (spec §6: elements needing a
 * permission are removed without it): the permission it needs, by its label on Role Detail.
 */
export function MissingPermissionNote({ access, testId = 'missing-permission' }: { access: Access; testId?: string }) {
  const { i18n } = useLingui();
  const perms = accessPerms(access);
  if (perms.length === 0) return null;
  const named = (perm: string) => {
    const title = permissionTitle(perm);
    return title ? i18n._(title) : perm;
  };
  if (perms.length === 1) {
    const perm = perms[0]!;
    const name = named(perm);
    return (
      <Alert color="gray" icon={<IconLock size={18} aria-hidden />} data-testid={testId}>
        <Trans>You can view this page. Changing anything here needs the permission "{name}" ({perm}): ask an administrator for it.</Trans>
      </Alert>
    );
  }
  const names = new Intl.ListFormat(i18n.locale, { type: 'disjunction' }).format(perms.map((p) => `"${named(p)}" (${p})`));
  return (
    <Alert color="gray" icon={<IconLock size={18} aria-hidden />} data-testid={testId}>
      <Trans>You can view this page. Changing anything here needs one of the permissions {names}: ask an administrator for one.</Trans>
    </Alert>
  );
}
