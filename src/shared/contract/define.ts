import type { z } from 'zod';

/**
 * Who may call an endpoint: `public` (no session), `session` (any signed-in user), a permission
 * code the user must hold in the session's warehouse, or `anyPerm`: any one of several (an engine
 * shared by areas, each with its own permission; the handler then asks which one *the record*
 * needs — docs/security.md "Area permissions on shared engines").
 */
export type Access = 'public' | 'session' | { perm: string } | { anyPerm: readonly [string, ...string[]] };

/** The permissions an access names (any one of them is enough); none for `public` and `session`. */
export function accessPerms(access: Access): readonly string[] {
  if (typeof access === 'string') return [];
  return 'perm' in access ? [access.perm] : access.anyPerm;
}

/** Whether someone holding `perms` may call it (a signed-in user: `public` and `session` need nothing more). */
export const accessHeld = (access: Access, perms: ReadonlySet<string>): boolean =>
  typeof access === 'string' || accessPerms(access).some((p) => perms.has(p));

/** The access in words, for the OpenAPI document and messages: `permission X` or `any of the permissions X, Y`. */
export function describeAccess(access: Access): string {
  if (typeof access === 'string') return access;
  const perms = accessPerms(access);
  return perms.length === 1 ? `permission ${perms[0]}` : `any of the permissions ${perms.join(', ')}`;
}

export interface EndpointDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  /** Path under /api/v2, as written in spec §7. */
  path: string;
  summary: string;
  /** GET: the query string; POST: the JSON body. */
  input: I;
  /** The `data` of a successful answer. */
  output: O;
  access: Access;
  /** Changes state: needs the CSRF header (every POST does; a GET only when flagged). */
  mutates?: boolean;
  /** Called before the client knows its warehouse (or to leave it): no tenant header needed. */
  tenantExempt?: boolean;
  /**
   * Reference data an operator needs after reloading offline: the service worker answers it
   * network-first (4 s) and keeps the last successful answer (per warehouse, unless the read is
   * public or tenant-exempt), served when the network is gone (docs/offline.md). Reads only: the
   * answer may depend on the path, the query or body, the warehouse and the signed-in user (the
   * cache is dropped at sign-in/out).
   */
  offlineRead?: boolean;
  /** Retcodes the client handles itself instead of showing the generic error toast (spec §8). */
  quietRetcodes?: readonly number[];
  /** Cancelling a duplicate identical in-flight GET is skipped for this endpoint (spec §7). */
  allowDuplicateInFlight?: boolean;
}

export function endpoint<I extends z.ZodType, O extends z.ZodType>(def: EndpointDef<I, O>): EndpointDef<I, O> {
  return def;
}

export const isMutation = (def: EndpointDef): boolean => def.method === 'POST' || def.mutates === true;

export type InputOf<E> = E extends EndpointDef<infer I, z.ZodType> ? z.input<I> : never;
export type ParsedInputOf<E> = E extends EndpointDef<infer I, z.ZodType> ? z.output<I> : never;
export type OutputOf<E> = E extends EndpointDef<z.ZodType, infer O> ? z.output<O> : never;

/** The answer envelope of every endpoint. */
export interface Envelope<T = unknown> {
  retcode: number;
  message: string;
  data: T;
}

/** Request headers of the API (spec §7): the tenant (warehouse) and the CSRF token. */
export const TENANT_HEADER = 'x-tally-whs';
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_COOKIE = 'tally_csrf';
export const SESSION_COOKIE = 'tally_sid';
export const API_BASE = '/api/v2';

/** Largest value of a PostgreSQL `integer` (serial ids, quantities): a bigger one is bad input, not a 500. */
export const MAX_SQL_INT = 2_147_483_647;
