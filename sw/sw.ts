/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The app shell, its chunks and every locale catalog chunk, versioned by the build.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client routes under /v2/ open the cached shell when the network is gone.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/v2/index.html'), { allowlist: [/^\/v2\//] }));

// A new version waits until the user agrees to reload (never a silent swap mid-task).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
