/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import type { RouteHandlerCallbackOptions, WorkboxPlugin } from 'workbox-core/types';
import { RET } from '../src/shared/retcodes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

interface SwRoute {
  method: 'GET' | 'POST';
  /** Full path, API base included. */
  path: string;
}

/** What the worker needs from the API contract; vite.config.ts derives it at build time. */
export interface SwContract {
  tenantHeader: string;
  /** The endpoints flagged `offlineRead`. */
  offlineReads: SwRoute[];
  signIn: SwRoute;
  signOut: SwRoute;
}

declare const __TALLY_SW_CONTRACT__: SwContract;
const CONTRACT = __TALLY_SW_CONTRACT__;

/** Messages the app posts to the worker. */
export type SwMessage = { type: 'SKIP_WAITING' } | { type: 'CLEAR_API_CACHE' };

/** The last successful answers of the `offlineRead` endpoints. Bump the suffix if the key format changes. */
const API_CACHE = 'tally-api-v1';
/** Waiting longer than this for the network serves the cached answer (the network answer still refreshes it). */
const NETWORK_TIMEOUT_S = 4;

// The app shell, its chunks and every locale catalog chunk, versioned by the build.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client routes under /v2/ open the cached shell when the network is gone.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/v2/index.html'), { allowlist: [/^\/v2\//] }));

/**
 * Bumped at every clear: an answer to a request that started before a clear belongs to the
 * session that was just forgotten, so it is not stored when it arrives afterwards.
 */
let cacheGeneration = 0;
const clearApiCache = (): Promise<boolean> => {
  cacheGeneration += 1;
  return caches.delete(API_CACHE);
};

async function retcodeOf(response: Response): Promise<number | null> {
  if (!response.ok) return null;
  const envelope = (await response.clone().json().catch(() => null)) as { retcode?: unknown } | null;
  return typeof envelope?.retcode === 'number' ? envelope.retcode : null;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The cache key of an answer: its URL plus the warehouse of the tenant header, so one
 * warehouse never sees another's data; a POST read also keys on a hash of its body and is
 * stored under that synthetic GET key (Cache Storage keeps GET requests only).
 */
const keyPlugin: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request, params }) => {
    const key = new URL(request.url);
    key.searchParams.set('_sw_whs', request.headers.get(CONTRACT.tenantHeader) ?? '');
    const bodyHash = (params as { bodyHash?: string } | undefined)?.bodyHash;
    if (bodyHash) key.searchParams.set('_sw_body', bodyHash);
    return key.href;
  },
};

/**
 * Keeps successful answers only (HTTP 200, retcode 0), and none that started before the last
 * clear. A not-logged-in answer means whatever is cached belongs to a session that is gone, so
 * the cache is dropped.
 */
const successOnlyPlugin: WorkboxPlugin = {
  requestWillFetch: async ({ request, state }) => {
    if (state) state.generation = cacheGeneration;
    return request;
  },
  cacheWillUpdate: async ({ response, state }) => {
    if (state && state.generation !== cacheGeneration) return null;
    const retcode = await retcodeOf(response);
    if (retcode === RET.NOT_LOGGED_IN) await clearApiCache();
    return retcode === RET.OK ? response : null;
  },
};

const offlineReads = new NetworkFirst({
  cacheName: API_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_S,
  plugins: [keyPlugin, successOnlyPlugin],
  // The keys are synthetic requests without the original headers.
  matchOptions: { ignoreVary: true },
});

const samePath = (path: string) => ({ url }: { url: URL }) => url.origin === self.location.origin && url.pathname === path;

for (const read of CONTRACT.offlineReads) {
  const handler = read.method === 'GET'
    ? offlineReads
    : async ({ event, request }: RouteHandlerCallbackOptions) =>
      offlineReads.handle({ event, request, params: { bodyHash: await sha256Hex(await request.clone().text()) } });
  registerRoute(samePath(read.path), handler, read.method);
}

// Session boundaries: what one user's session cached never reaches the next one. Signing out
// drops the cache before the request goes out (online or not); a successful sign-in drops it too,
// in case the previous session ended without a sign-out (expired, cleared cookies).
registerRoute(samePath(CONTRACT.signOut.path), async ({ request }) => {
  await clearApiCache();
  return fetch(request);
}, CONTRACT.signOut.method);

registerRoute(samePath(CONTRACT.signIn.path), async ({ request }) => {
  const response = await fetch(request);
  if ((await retcodeOf(response)) === RET.OK) await clearApiCache();
  return response;
}, CONTRACT.signIn.method);

self.addEventListener('message', (event) => {
  const message = event.data as Partial<SwMessage> | null;
  // A new version waits until the user agrees to reload (never a silent swap mid-task).
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  // The app signs out (also offline, when the sign-out request cannot go out): forget the session's data.
  if (message?.type === 'CLEAR_API_CACHE') {
    event.waitUntil(clearApiCache().then(() => event.ports[0]?.postMessage(true)));
  }
});
