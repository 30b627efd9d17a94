/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { RouteHandlerCallbackOptions, WorkboxPlugin } from 'workbox-core/types';
import { RET } from '../src/shared/retcodes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

interface SwRoute {
  method: 'GET' | 'POST';
  /** Full path, API base included. */
  path: string;
}

interface SwRead extends SwRoute {
  /**
   * The answer depends on the warehouse of the tenant header. False for reads that are public or
   * called before the tab knows its warehouse (tenant-exempt): keyed on the warehouse, an offline
   * cold start (no tenant header yet) would never find the answer stored while signed in.
   */
  perWarehouse: boolean;
}

/** What the worker needs from the API contract; vite.config.ts derives it at build time. */
export interface SwContract {
  tenantHeader: string;
  /** The endpoints flagged `offlineRead`. */
  offlineReads: SwRead[];
  signIn: SwRoute;
  /** The session's user (an `offlineRead`, GET without input): a successful sign-in answers the same. */
  loginInfo: SwRoute;
  signOut: SwRoute;
}

declare const __TALLY_SW_CONTRACT__: SwContract;
const CONTRACT = __TALLY_SW_CONTRACT__;

/** Messages the app posts to the worker. */
export type SwMessage = { type: 'SKIP_WAITING' } | { type: 'CLEAR_API_CACHE' } | { type: 'KEEP_ONLINE_SCREENS' };

/** The last successful answers of the `offlineRead` endpoints. Bump the suffix if the key format changes. */
const API_CACHE = 'tally-api-v1';
/** Waiting longer than this for the network serves the cached answer (the network answer still refreshes it). */
const NETWORK_TIMEOUT_S = 4;

// The app shell, the offline screens' chunks and every locale catalog chunk, versioned by the build.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/**
 * The code of the online screens (lists, forms, settings), left out of the precache by the build
 * (vite.config.ts `onlineOnlyChunks`): kept here on first visit. Their names carry their hash, so
 * a kept file never changes; a file the current build no longer has is dropped on activation.
 */
declare const __TALLY_ONLINE_ONLY__: string[];
const ONLINE_ONLY = new Set(__TALLY_ONLINE_ONLY__);
const ONLINE_SCREENS_CACHE = 'tally-online-screens-v1';
registerRoute(({ url, sameOrigin }) => sameOrigin && ONLINE_ONLY.has(url.pathname), new CacheFirst({ cacheName: ONLINE_SCREENS_CACHE }));
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.open(ONLINE_SCREENS_CACHE).then(async (cache) => {
    for (const request of await cache.keys()) if (!ONLINE_ONLY.has(new URL(request.url).pathname)) await cache.delete(request);
  }));
});

/** Fetches the online screens' files not kept yet, one at a time (an office user's device asks, sw-update.tsx). */
async function keepOnlineScreens(): Promise<void> {
  const cache = await caches.open(ONLINE_SCREENS_CACHE);
  const kept = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
  for (const path of ONLINE_ONLY) {
    // Offline or failing: the rest waits for the next page load's ask.
    if (!kept.has(path)) await cache.add(path).catch(() => undefined);
  }
}

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

/** Why a read is keyed as it is: see SwRead. A POST read's body is part of its key. */
interface KeyParams {
  perWarehouse: boolean;
  bodyHash?: string;
}

/**
 * The cache key of an answer: its URL, plus the warehouse of the tenant header when the answer
 * depends on it (so one warehouse never sees another's data); a POST read also keys on a hash
 * of its body and is stored under that synthetic GET key (Cache Storage keeps GET requests only).
 */
function cacheKeyOf(url: string, whsId: string | null, { perWarehouse, bodyHash }: KeyParams): string {
  const key = new URL(url);
  if (perWarehouse) key.searchParams.set('_sw_whs', whsId ?? '');
  if (bodyHash) key.searchParams.set('_sw_body', bodyHash);
  // One spelling of the query (an empty one leaves no bare `?`), however the request wrote it.
  key.search = key.searchParams.toString();
  return key.href;
}

const keyPlugin: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request, params }) =>
    cacheKeyOf(request.url, request.headers.get(CONTRACT.tenantHeader), params as KeyParams),
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
  registerRoute(samePath(read.path), async ({ event, request }: RouteHandlerCallbackOptions) => {
    const params: KeyParams = { perWarehouse: read.perWarehouse };
    if (read.method === 'POST') params.bodyHash = await sha256Hex(await request.clone().text());
    return offlineReads.handle({ event, request, params });
  }, read.method);
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
  if ((await retcodeOf(response)) !== RET.OK) return response;
  await clearApiCache();
  // The sign-in answer is the session's user, as get_login_info answers it. The app takes it
  // from the sign-in and does not ask again, so it is stored here: an offline cold start then
  // finds the user it starts the session with.
  const generation = cacheGeneration;
  const loginInfoKey = cacheKeyOf(new URL(CONTRACT.loginInfo.path, self.location.origin).href, null, { perWarehouse: false });
  const cache = await caches.open(API_CACHE);
  if (generation === cacheGeneration) await cache.put(loginInfoKey, response.clone());
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
  if (message?.type === 'KEEP_ONLINE_SCREENS') event.waitUntil(keepOnlineScreens());
});
