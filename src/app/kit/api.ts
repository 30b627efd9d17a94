import ky from 'ky';
import { t } from '@lingui/core/macro';
import {
  API_BASE, CSRF_COOKIE, CSRF_HEADER, TENANT_HEADER, isMutation,
  type EndpointDef, type InputOf, type OutputOf,
} from '../../shared/contract/define';
import { contract } from '../../shared/contract';
import { RET } from '../../shared/retcodes';
import { ERROR_TOAST_MS, REQUEST_TIMEOUT_MS } from '../../shared/constants';
import { toast } from './toast';

/** Response header with the server's own elapsed time of the request, in ms. */
export const RESPONSE_ET_HEADER = 'x-response-et';

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
  /** How long the error toast of a nonzero retcode stays up (spec §8: 3 s unless configured). */
  errorToastMs?: number;
  /** Aborts the request (TanStack Query passes one to every query function). */
  signal?: AbortSignal;
}

interface ApiHooks {
  /** -100405: the session is gone. */
  onNotLoggedIn: () => void;
  /** -100407: this tab's warehouse is not the session's any more. */
  onWarehouseMismatch: (sessionWhsId: string) => void;
  /** -224009: the account holds a temporary password; nothing else works until it is changed. */
  onPasswordChangeRequired: () => void;
  /** -285021 / -285022: a full stock count runs / does not run in the warehouse (started or ended elsewhere). */
  onFullStockCount: (running: boolean) => void;
}

let hooks: ApiHooks = {
  onNotLoggedIn: () => undefined, onWarehouseMismatch: () => undefined, onPasswordChangeRequired: () => undefined, onFullStockCount: () => undefined,
};

/** Spec §4: whatever the call, these answers say whether the warehouse's full stock count runs. */
const FULL_STOCK_COUNT_STATE: ReadonlyMap<number, boolean> = new Map([[RET.FULL_STOCK_COUNT_STARTED, true], [RET.FULL_STOCK_COUNT_ENDED, false]]);

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

/** The warehouse this tab is switching the session to, while that switch is in flight. */
let switchingTo: string | null = null;

/**
 * Runs this tab's own warehouse switch. Requests sent before it with the old tenant may be
 * answered -100407 once the server has switched: those are this tab's doing, not another tab's,
 * so they open no reload dialog (the switch fetches the page's data again).
 */
export async function switchingWarehouse<T>(whsId: string, run: () => Promise<T>): Promise<T> {
  switchingTo = whsId;
  try {
    return await run();
  } finally {
    switchingTo = null;
  }
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

/** How one request that was sent went: for the weak-network monitor and timing statistics. */
export interface RequestSample {
  method: EndpointDef['method'];
  path: string;
  /** From just before sending to the end of reading the answer (ms). */
  durationMs: number;
  /** The server's own elapsed time from its `x-response-et` header (ms); null when absent. */
  serverMs: number | null;
  /**
   * `ok`: retcode 0; `error`: an answer with a nonzero retcode or none the client understands
   * (spec §8 counts those as errors); `network`: no answer (offline, dropped, 60 s timeout);
   * `aborted`: the caller cancelled it.
   */
  outcome: 'ok' | 'error' | 'network' | 'aborted';
}

const requestObservers = new Set<(sample: RequestSample) => void>();

/** Calls `observer` after every request that was sent (not duplicates). Returns the unsubscribe. */
export function observeRequests(observer: (sample: RequestSample) => void): () => void {
  requestObservers.add(observer);
  return () => {
    requestObservers.delete(observer);
  };
}

function notifyObservers(sample: RequestSample): void {
  for (const observer of requestObservers) {
    try {
      observer(sample);
    } catch (error) {
      console.error('A request observer failed', error);
    }
  }
}

function serverElapsedMs(response: Response): number | null {
  const value = Number(response.headers.get(RESPONSE_ET_HEADER) ?? Number.NaN);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

function report(error: ApiError, def: EndpointDef, opts: CallOptions): void {
  // The flag follows (then the cc ↔ fsc redirects apply); the call is still refused and said so.
  const fullStockCount = FULL_STOCK_COUNT_STATE.get(error.retcode);
  if (fullStockCount !== undefined) hooks.onFullStockCount(fullStockCount);
  if (error.retcode === RET.WAREHOUSE_MISMATCH) {
    const sessionWhs = (error.data as { session_whs_id?: unknown } | null)?.session_whs_id;
    // Sent before this tab's own switch: the tab already works (or is about to) in that warehouse.
    if (typeof sessionWhs === 'string' && (sessionWhs === tenant || sessionWhs === switchingTo)) return;
    hooks.onWarehouseMismatch(typeof sessionWhs === 'string' ? sessionWhs : '');
    return;
  }
  // A state of the session, not a failure of this call: even a quiet caller (the outbox) leads to Change Password.
  if (error.retcode === RET.PASSWORD_CHANGE_REQUIRED) {
    hooks.onPasswordChangeRequired();
    return;
  }
  if (opts.quiet) return;
  if (error.retcode === RET.NOT_LOGGED_IN) {
    hooks.onNotLoggedIn();
    return;
  }
  if (def.quietRetcodes?.includes(error.retcode) || opts.noErrorCodes?.includes(error.retcode)) return;
  toast.error(error.message || t`The request failed, please try again.`, opts.errorToastMs ?? ERROR_TOAST_MS);
}

async function send(def: EndpointDef, input: unknown, opts: CallOptions): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (tenant) headers[TENANT_HEADER] = tenant;
  if (isMutation(def)) headers[CSRF_HEADER] = await csrfToken();
  const isGet = def.method === 'GET';
  if (!isGet) headers['content-type'] = 'application/json';

  const started = performance.now();
  const sample = (outcome: RequestSample['outcome'], response?: Response): void => notifyObservers({
    method: def.method,
    path: def.path,
    durationMs: performance.now() - started,
    serverMs: response ? serverElapsedMs(response) : null,
    outcome,
  });

  let response: Response;
  let envelope: { retcode?: unknown; message?: unknown; data?: unknown } | null;
  try {
    response = await http(def.path.slice(1), {
      method: def.method,
      headers,
      searchParams: isGet ? toSearchParams(input) : undefined,
      body: isGet ? undefined : JSON.stringify(input ?? {}),
      signal: opts.signal,
    });
    envelope = (await response.json().catch((error: unknown) => {
      if (opts.signal?.aborted) throw error;
      return null;
    })) as typeof envelope;
  } catch (error) {
    if (opts.signal?.aborted) {
      sample('aborted');
      throw error;
    }
    sample('network');
    if (!opts.quiet) toast.error(t`Network error, please try again.`);
    throw new NetworkError(error instanceof Error ? error.message : String(error));
  }
  sample(typeof envelope?.retcode === 'number' && envelope.retcode === RET.OK ? 'ok' : 'error', response);

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
  // The server checked the answer against the entry's output schema before sending it
  // (http/register.ts); the built app carries the contract without schemas (vite.config.ts).
  return envelope.data;
}

/**
 * The only way the app talks to the server. Sends `input` as the query string (GET) or JSON
 * body (POST) of the contract entry, with the tenant and CSRF headers, and resolves to its
 * parsed `data`. A nonzero retcode rejects with an ApiError after the handling of spec §8:
 * error toast (unless quiet or tolerated), -100405 → sign-in, -100407 → reload dialog,
 * -224009 → the forced Change Password.
 * An identical request (same method, path and input) already in flight is not sent again
 * (spec §7): the duplicate rejects with a DuplicateRequestError and is only logged. Endpoints
 * flagged `allowDuplicateInFlight` are exempt — spec §7 names six: pii data, dev conf,
 * outbound order inner package, ASN quota search, instant order list and inbound task type
 * list; each sets the flag in its contract entry when it is added.
 * Every request sent is reported to the observers of `observeRequests` (weak-network detection).
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
