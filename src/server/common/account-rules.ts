import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import type { AuthedCtx } from '../http/register';
import type { SessionInfo } from '../http/session';
import { holdingsOf, userPermissions, type Holding } from './access';
import { RET } from '../../shared/retcodes';
import { ALL_PERMISSIONS } from '../../shared/permissions';

/**
 * Who may change an account (docs/user-admin.md): the rule user administration follows, and every
 * other call that changes something of an existing account (e.g. its picking skills): nobody takes
 * over an account stronger than their own.
 */

export interface Actor {
  userId: number;
  isSuperAdmin: boolean;
  perms: Set<string>;
  holdsAll: boolean;
}

/** The signed-in user (or, for an import applied in the background, its uploader) as the rules see them. */
export async function actorOf({ db, session }: Pick<AuthedCtx, 'db'> & { session: Pick<SessionInfo, 'userId' | 'isSuperAdmin' | 'whsId'> }, whsId = session.whsId): Promise<Actor> {
  const perms = await userPermissions(db, session.userId, whsId);
  return { userId: session.userId, isSuperAdmin: session.isSuperAdmin, perms, holdsAll: ALL_PERMISSIONS.every((p) => perms.has(p)) };
}

/**
 * Runs an account change in one transaction holding the account-administration lock: what its checks
 * read (the actor's permissions, the roles and holdings involved) cannot change before its writes
 * commit. Two administrators at once would otherwise each pass a check the other's change breaks (a
 * role raised while it is being given). Every change of roles, their permissions or memberships takes
 * it; inside another transaction it becomes a savepoint of it, and the lock is held to its end.
 */
export function underAccountLock<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('account-admin'))`);
    return work(tx);
  });
}

export const refuse = (message: string) => new ApiError(RET.PERMISSION_DENIED, message, null, 403);

const NOTHING: Holding = { all: false, perms: new Set() };

/** Whether `mine` holds at least every permission `theirs` does. */
function covers(mine: Holding, theirs: Holding): boolean {
  if (mine.all) return true;
  const wanted = theirs.all ? ALL_PERMISSIONS : theirs.perms;
  for (const perm of wanted) if (!mine.perms.has(perm)) return false;
  return true;
}

/**
 * Refuses (-100406) changing accounts stronger than the actor's: whatever changes an existing
 * account — its password, names, status, kind, the role it holds or what that role grants — needs,
 * in every warehouse the account belongs to, at least every permission it holds there. An account
 * is one for all its warehouses (a password or a status works in each), so holding more than it
 * in one warehouse is not enough. Super admins are changed by super admins only, who may change anyone.
 */
export async function assertMayChange(db: Db, actor: Actor, userIds: readonly number[]): Promise<void> {
  if (actor.isSuperAdmin) return;
  const accounts = await holdingsOf(db, [actor.userId, ...userIds]);
  const mine = accounts.get(actor.userId)?.warehouses ?? new Map<string, Holding>();
  for (const userId of new Set(userIds)) {
    const account = accounts.get(userId);
    if (!account) continue;
    if (account.isSuperAdmin) throw refuse('Only a super admin may change a super admin.');
    const stronger = [...account.warehouses].filter(([whsId, theirs]) => !covers(mine.get(whsId) ?? NOTHING, theirs)).map(([whsId]) => whsId);
    if (stronger.length === 0) continue;
    // Name only the warehouses the actor belongs to: the rest of the account's memberships are not theirs to see.
    const named = stronger.filter((whsId) => mine.has(whsId));
    const where = [...named, ...(named.length < stronger.length ? ['a warehouse you do not belong to'] : [])].join(', ');
    throw refuse(`You cannot change user ${userId}: they hold permissions you do not hold (in ${where}). `
      + 'Only someone holding at least everything they hold, in every warehouse they belong to, may change their account.');
  }
}

