import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Access } from '../../shared/contract/define';
import { permissionTitle } from '../../shared/permissions';
import { useSession } from './use-session';

/**
 * Whether the signed-in user may do something here: a contract entry's `access`, or an offline op
 * kind's `{ perm }`. It needs no permission, or they hold the one it needs in this warehouse.
 */
export function useMayCall(access: Access): boolean {
  const { perms } = useSession();
  return typeof access === 'string' || perms.has(access.perm);
}

/**
 * Shown in place of what a user may not do on a page they may open (spec §6: elements needing a
 * permission are removed without it): the permission it needs, by its label on Role Detail.
 */
export function MissingPermissionNote({ access, testId = 'missing-permission' }: { access: Access; testId?: string }) {
  const { i18n } = useLingui();
  if (typeof access === 'string') return null;
  const perm = access.perm;
  const title = permissionTitle(perm);
  const name = title ? i18n._(title) : perm;
  return (
    <Alert color="gray" icon={<IconLock size={18} aria-hidden />} data-testid={testId}>
      <Trans>You can view this page. Changing anything here needs the permission "{name}" ({perm}): ask an administrator for it.</Trans>
    </Alert>
  );
}
