import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { RET } from '../../shared/retcodes';
import {
  API_BASE, CSRF_COOKIE, CSRF_HEADER, TENANT_HEADER, accessPerms, isMutation,
  type EndpointDef, type OutputOf, type ParsedInputOf,
} from '../../shared/contract/define';
import type { Db } from '../db/client';
import type { ServerConfig } from '../config';
import { ApiError, badInput, notLoggedIn, permissionDenied } from './errors';
import { loadSession, loadSessionHolding, type SessionInfo } from './session';
import { assertPasswordChanged } from './password-change';
import { assertInputDepth, assertStorableText } from './input-guard';
import { clientIpOf, requestOrigin } from './request-origin';

export interface BaseCtx {
  db: Db;
  config: ServerConfig;
  c: Context;
  clientIp: string;
}
export interface AuthedCtx extends BaseCtx {
  session: SessionInfo;
}

export type HandlerCtx<E> = E extends EndpointDef ? (E['access'] extends 'public' ? BaseCtx & { session: SessionInfo | null } : AuthedCtx) : never;
export type Handler<E> = (input: ParsedInputOf<E>, ctx: HandlerCtx<E>) => Promise<OutputOf<E>>;
export type Handlers<C extends Record<string, EndpointDef>> = { [K in keyof C]: Handler<C[K]> };

export const envelope = <T>(data: T, retcode = 0, message = 'success') => ({ retcode, message, data });

function describeIssues(error: z.ZodError) {
  const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const text = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
  return { issues, text };
}

async function readInput(c: Context, def: EndpointDef): Promise<unknown> {
  if (def.method === 'GET') return c.req.query();
  const raw = await c.req.text();
  if (raw.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw badInput('', 'the request body is not valid JSON');
  }
  assertInputDepth(body);
  return body;
}

/**
 * Refuses (-100408, HTTP 403) a mutation a page of another site sent: browsers name the page's
 * origin in `Origin` on every POST, and it must be this server's, as the request arrived or as
 * PUBLIC_URL says. Requests without the header (other programs, not browsers) go on to the CSRF
 * token check, which they must pass anyway.
 */
function assertOwnOrigin(c: Context, config: ServerConfig): void {
  const origin = c.req.header('origin');
  if (origin === undefined || origin === requestOrigin(c, config.trustProxy) || origin === new URL(config.publicUrl).origin) return;
  throw new ApiError(RET.CSRF_INVALID, 'This change was sent from another site and is refused: open Tally at its own address and try again.', null, 403);
}

/** Registers one route per contract entry; every request passes session, CSRF, tenant and permission checks first. */
export function registerContract<C extends Record<string, EndpointDef>>(
  app: Hono, deps: { db: Db; config: ServerConfig }, contract: C, handlers: Handlers<C>,
) {
  for (const [name, def] of Object.entries(contract)) {
    const handler = handlers[name as keyof C] as unknown as (input: unknown, ctx: BaseCtx & { session: SessionInfo | null }) => Promise<unknown>;
    if (typeof handler !== 'function') throw new Error(`No handler for endpoint ${name}`);
    const route = API_BASE + def.path;
    // zod's generated parser of the output, made on the first answer: the same answers and errors
    // (it hands anything it would refuse to the schema's own parser) at a fraction of the cost on
    // a page of rows, which the runtime parser walks field by field.
    let output: z.ZodType | undefined;
    const run = async (c: Context) => {
      const base: BaseCtx = { db: deps.db, config: deps.config, c, clientIp: clientIpOf(c, deps.config.trustProxy) };
      if (isMutation(def)) {
        assertOwnOrigin(c, deps.config);
        const header = c.req.header(CSRF_HEADER);
        const cookie = getCookie(c, CSRF_COOKIE);
        if (!header || !cookie || header !== cookie) {
          throw new ApiError(RET.CSRF_INVALID, 'Missing or invalid CSRF token: reload the page and try again.', null, 403);
        }
      }
      const needs = accessPerms(def.access);
      const { session, holds } = needs.length === 0 ? { session: await loadSession(c, deps.db, deps.config), holds: false } : await loadSessionHolding(c, deps.db, deps.config, needs);
      if (def.access !== 'public') {
        if (!session) throw notLoggedIn();
        assertPasswordChanged(session, def);
        if (!def.tenantExempt) {
          const tenant = c.req.header(TENANT_HEADER);
          if (tenant !== session.whsId) {
            throw new ApiError(
              RET.WAREHOUSE_MISMATCH,
              `The account login in warehouse is ${session.whsId}, it is different from the current warehouse ${tenant ?? '-'}, please reload.`,
              { session_whs_id: session.whsId, request_whs_id: tenant ?? null },
            );
          }
        }
        if (needs.length > 0 && !holds) throw permissionDenied(needs);
      }
      const input = await readInput(c, def);
      assertStorableText(def.input, input);
      const parsed = def.input.safeParse(input);
      if (!parsed.success) {
        const { issues, text } = describeIssues(parsed.error);
        throw new ApiError(RET.BAD_INPUT, `Invalid request: ${text}`, { issues });
      }
      const data = await handler(parsed.data, { ...base, session });
      output ??= z.compile(def.output);
      return c.json(envelope(output.parse(data)));
    };
    if (def.method === 'GET') app.get(route, run);
    else app.post(route, run);
  }
}
