import ky from 'ky';
import { t } from '@lingui/core/macro';
import {
  API_BASE, CSRF_COOKIE, CSRF_HEADER, TENANT_HEADER, isMutation,
  type EndpointDef, type InputOf, type OutputOf,
} from '../../shared/contract/define';
import { contract } from '../../shared/contract';
import { RET } from '../../shared/retcodes';
import { REQUEST_TIMEOUT_MS } from '../../shared/constants';
import { toast } from './toast';

/** A nonzero retcode (spec §8): the server's message, its code and its `data`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(readonly retcode: number, message: string, readonly data: unknown, readonly path: string) {
    super(message);
  }
}

/** No answer: offline, connection dropped or the 60 s timeout passed. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

/** An identical request was already in flight, so this one was never sent (spec §7). */
export class DuplicateRequestError extends Error {
  override readonly name = 'DuplicateRequestError';
}

export const isApiError = (error: unknown, retcode?: number): error is ApiError =>
  error instanceof ApiError && (retcode === undefined || error.retcode === retcode);

export interface CallOptions {
  /** The caller handles every failure itself: no toast and no redirect to sign-in. */
  quiet?: boolean;
  /** Retcodes the caller handles itself: no toast for these (spec §8 noErrorCode). */
  noErrorCodes?: readonly number[];
  /** Aborts the request (TanStack Query passes one to every query function). */
  signal?: AbortSignal;
}

interface ApiHooks {
  /** -100405: the session is gone. */
  onNotLoggedIn: () => void;
  /** -100407: this tab's warehouse is not the session's any more. */
  onWarehouseMismatch: (sessionWhsId: string) => void;
}

let hooks: ApiHooks = { onNotLoggedIn: () => undefined, onWarehouseMismatch: () => undefined };

/** Wires the navigation and dialog the API layer triggers (done once in main.tsx). */
export function configureApi(next: ApiHooks): void {
  hooks = next;
}

/** Runs the lost-session handling of -100405 for a failure the caller received quietly. */
export function handleNotLoggedIn(): void {
  hooks.onNotLoggedIn();
}

/** The warehouse this tab works in; sent as the tenant header once known. */
let tenant: string | null = null;
export const getTenant = (): string | null => tenant;
export function setTenant(whsId: string | null): void {
  tenant = whsId;
}

const http = ky.create({
  prefixUrl: API_BASE,
  credentials: 'same-origin',
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0,
  throwHttpErrors: false,
});

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** The double-submit CSRF token; the server sets its cookie on any answer, so one cheap GET gets it. */
async function csrfToken(): Promise<string> {
  const existing = readCookie(CSRF_COOKIE);
  if (existing) return existing;
  await http.get(contract.getLangSetting.path.slice(1)).catch(() => undefined);
  return readCookie(CSRF_COOKIE) ?? '';
}

function toSearchParams(input: unknown): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries((input ?? {}) as Record<string, unknown>)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== undefined && v !== null) params.append(key, String(v));
  }
  return params;
}

const inFlight = new Set<string>();

function report(error: ApiError, def: EndpointDef, opts: CallOptions): void {
  if (error.retcode === RET.WAREHOUSE_MISMATCH) {
    const sessionWhs = (error.data as { session_whs_id?: unknown } | null)?.session_whs_id;
    hooks.onWarehouseMismatch(typeof sessionWhs === 'string' ? sessionWhs : '');
    return;
  }
  if (opts.quiet) return;
  if (error.retcode === RET.NOT_LOGGED_IN) {
    hooks.onNotLoggedIn();
    return;
  }
  if (def.quietRetcodes?.includes(error.retcode) || opts.noErrorCodes?.includes(error.retcode)) return;
  toast.error(error.message || t`The request failed, please try again.`);
}

async function send(def: EndpointDef, input: unknown, opts: CallOptions): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (tenant) headers[TENANT_HEADER] = tenant;
  if (isMutation(def)) headers[CSRF_HEADER] = await csrfToken();
  const isGet = def.method === 'GET';
  if (!isGet) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await http(def.path.slice(1), {
      method: def.method,
      headers,
      searchParams: isGet ? toSearchParams(input) : undefined,
      body: isGet ? undefined : JSON.stringify(input ?? {}),
      signal: opts.signal,
    });
  } catch (error) {
    if (opts.signal?.aborted) throw error;
    if (!opts.quiet) toast.error(t`Network error, please try again.`);
    throw new NetworkError(error instanceof Error ? error.message : String(error));
  }

  const envelope = (await response.json().catch(() => null)) as { retcode?: unknown; message?: unknown; data?: unknown } | null;
  if (!envelope || typeof envelope.retcode !== 'number') {
    const error = new ApiError(RET.INTERNAL, t`Server error (HTTP ${response.status}), please try again.`, null, def.path);
    report(error, def, opts);
    throw error;
  }
  if (envelope.retcode !== RET.OK) {
    const error = new ApiError(envelope.retcode, typeof envelope.message === 'string' ? envelope.message : '', envelope.data, def.path);
    report(error, def, opts);
    throw error;
  }
  const parsed = def.output.safeParse(envelope.data);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${def.path}`, parsed.error);
    const error = new ApiError(RET.INTERNAL, t`Unexpected answer from the server.`, null, def.path);
    report(error, def, opts);
    throw error;
  }
  return parsed.data;
}

/**
 * The only way the app talks to the server. Sends `input` as the query string (GET) or JSON
 * body (POST) of the contract entry, with the tenant and CSRF headers, and resolves to its
 * parsed `data`. A nonzero retcode rejects with an ApiError after the handling of spec §8:
 * error toast (unless quiet or tolerated), -100405 → sign-in, -100407 → reload dialog.
 * An identical request already in flight is not sent again (spec §7): the duplicate rejects
 * with a DuplicateRequestError and is only logged.
 */
export async function callApi<E extends EndpointDef>(def: E, input: InputOf<E>, opts: CallOptions = {}): Promise<OutputOf<E>> {
  const key = `${def.method} ${def.path} ${JSON.stringify(input ?? {})}`;
  if (!def.allowDuplicateInFlight) {
    if (inFlight.has(key)) {
      console.info(`Cancelled a duplicate in-flight request: ${def.method} ${def.path}`);
      throw new DuplicateRequestError(`${def.method} ${def.path} is already in flight`);
    }
    inFlight.add(key);
  }
  try {
    return (await send(def, input, opts)) as OutputOf<E>;
  } finally {
    if (!def.allowDuplicateInFlight) inFlight.delete(key);
  }
}
