import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { and, eq, gt, sql } from 'drizzle-orm';
import { CSRF_COOKIE, SESSION_COOKIE } from '../../shared/contract/define';
import type { Db } from '../db/client';
import { sessions, userWarehouses, users } from '../db/schema';
import type { ServerConfig } from '../config';
import { permissionColumns, permissionHeld } from '../common/access';
import { isHttps } from './request-origin';

export interface SessionInfo {
  idHash: string;
  userId: number;
  whsId: string;
  email: string;
  isSuperAdmin: boolean;
  /** The account holds a temporary password: only the calls of password-change.ts are answered. */
  passwordChangeRequired: boolean;
}

/** Sliding expiry is written back at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');


/** Reads and validates the session cookie; null when absent, unknown, expired, the user is disabled or no longer in its warehouse. */
export async function loadSession(c: Context, db: Db, config: ServerConfig): Promise<SessionInfo | null> {
  return (await readSession(c, db, config)).session;
}

/**
 * The session (as loadSession) and whether its user holds one of `perms` in its warehouse, read in
 * the session's one statement: what every contract entry checks first.
 */
export async function loadSessionHolding(c: Context, db: Db, config: ServerConfig, perms: readonly string[]): Promise<{ session: SessionInfo | null; holds: boolean }> {
  return readSession(c, db, config, perms);
}

async function readSession(c: Context, db: Db, config: ServerConfig, perms?: readonly string[]): Promise<{ session: SessionInfo | null; holds: boolean }> {
  const cached = c.get('session' as never) as SessionInfo | null | undefined;
  if (cached !== undefined && perms === undefined) return { session: cached, holds: false };
  const sid = getCookie(c, SESSION_COOKIE);
  let info: SessionInfo | null = null;
  let holds = false;
  if (sid && sid.length <= 128) {
    const idHash = sha256Hex(sid);
    const now = new Date();
    const held = perms === undefined ? { all: sql<boolean>`false`, granted: sql<boolean>`false` } : permissionColumns(perms);
    const [row] = await db
      .select({
        userId: sessions.userId, whsId: sessions.whsId, lastSeenAt: sessions.lastSeenAt, email: users.email, isSuperAdmin: users.isSuperAdmin, isActive: users.isActive,
        passwordChangeRequired: users.passwordChangeRequired, memberOf: userWarehouses.whsId, ...held,
      })
      .from(sessions)
      .innerJoin(users, eq(users.userId, sessions.userId))
      .leftJoin(userWarehouses, and(eq(userWarehouses.userId, sessions.userId), eq(userWarehouses.whsId, sessions.whsId)))
      .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now)));
    // A user removed from the session's warehouse must not go on working in it.
    if (row?.isActive && (row.isSuperAdmin || row.memberOf !== null)) {
      info = { idHash, userId: row.userId, whsId: row.whsId, email: row.email, isSuperAdmin: row.isSuperAdmin, passwordChangeRequired: row.passwordChangeRequired };
      holds = perms !== undefined && permissionHeld(perms, row);
      if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await db.update(sessions)
          .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + config.sessionTtlMs) })
          .where(eq(sessions.idHash, idHash));
      }
    }
  }
  c.set('session' as never, info as never);
  return { session: info, holds };
}

/** Starts a session for the user in the warehouse and sets the cookies (a fresh CSRF token too). */
export async function startSession(c: Context, db: Db, config: ServerConfig, userId: number, whsId: string) {
  const sid = randomToken();
  const now = Date.now();
  await db.insert(sessions).values({ idHash: sha256Hex(sid), userId, whsId, expiresAt: new Date(now + config.sessionTtlMs) });
  const secure = isHttps(c, config.trustProxy);
  setCookie(c, SESSION_COOKIE, sid, { httpOnly: true, sameSite: 'Lax', path: '/', secure, maxAge: Math.floor(config.sessionTtlMs / 1000) });
  setCookie(c, CSRF_COOKIE, randomToken(24), { httpOnly: false, sameSite: 'Strict', path: '/', secure });
}

export async function endSession(c: Context, db: Db, session: SessionInfo) {
  await db.delete(sessions).where(eq(sessions.idHash, session.idHash));
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
}

/** Issues the double-submit CSRF cookie when the browser has none yet. */
export function ensureCsrfCookie(c: Context, config: ServerConfig) {
  if (!getCookie(c, CSRF_COOKIE)) {
    setCookie(c, CSRF_COOKIE, randomToken(24), { httpOnly: false, sameSite: 'Strict', path: '/', secure: isHttps(c, config.trustProxy) });
  }
}
