import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Trans } from '@lingui/react/macro';
import { Workbox, messageSW } from 'workbox-window';
import type { SwMessage } from '../../../sw/sw';

const UPDATE_NOTIFICATION_ID = 'sw-update';
/** An installed app can stay open for days without navigating: how often to look for a new version. */
const UPDATE_CHECK_MS = 60 * 60_000;
/** A worker that does not answer a message within this time is not waited for. */
const MESSAGE_TIMEOUT_MS = 2_000;

/** Sends `message` to the service worker that controls this page (none in development). */
function postToWorker(message: SwMessage): Promise<unknown> {
  const worker = 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null;
  if (!worker) return Promise.resolve(undefined);
  return Promise.race([messageSW(worker, message), new Promise((resolve) => setTimeout(resolve, MESSAGE_TIMEOUT_MS))]);
}

/**
 * Forgets the reference data the service worker keeps for offline use (login info, menu keys,
 * permissions, settings). Call it on sign-out: the worker also drops it when it sees the
 * sign-out request, but that request never goes out offline.
 */
export function clearOfflineApiCache(): Promise<void> {
  return postToWorker({ type: 'CLEAR_API_CACHE' }).then(() => undefined);
}

/** After this long from the first page, the worker fetches the online screens (their data comes first). */
const KEEP_ONLINE_SCREENS_AFTER_MS = 3_000;
let keepingOnlineScreens = false;

/**
 * Asks the service worker to fetch and keep the online screens' code (lists, forms, settings; not
 * precached), once per page load, when `wanted` says the user opens them (asked only until it
 * did): an office user's device then opens them offline too. Operators' devices never ask, and
 * download only the precache.
 */
export function keepOnlineScreens(wanted: () => boolean): void {
  if (keepingOnlineScreens || !('serviceWorker' in navigator) || !wanted()) return;
  keepingOnlineScreens = true;
  setTimeout(() => {
    const message: SwMessage = { type: 'KEEP_ONLINE_SCREENS' };
    void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message));
  }, KEEP_ONLINE_SCREENS_AFTER_MS);
}

/**
 * Activates the waiting version and reloads once it controls the page. When another tab has
 * already activated it, nothing is waiting any more and a reload is all that is left.
 */
async function applyUpdate(wb: Workbox): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration(import.meta.env.BASE_URL);
  if (!registration?.waiting) {
    window.location.reload();
    return;
  }
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}

let prompted = false;

/** The persistent prompt of a waiting version: the user chooses when to reload, never mid-task. */
function showUpdatePrompt(wb: Workbox): void {
  if (prompted) return;
  prompted = true;
  notifications.show({
    id: UPDATE_NOTIFICATION_ID,
    position: 'bottom-center',
    autoClose: false,
    withCloseButton: false,
    color: 'blue',
    'data-testid': UPDATE_NOTIFICATION_ID,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">
          <Trans>A new version of Tally is available.</Trans>
        </Text>
        <Button size="xs" onClick={() => void applyUpdate(wb)}>
          <Trans>Reload to update</Trans>
        </Button>
      </Group>
    ),
  });
}

/**
 * Calls `onWaiting` whenever a new version has installed and waits behind the one in control.
 * Workbox's own `waiting` event misses a version that began installing during the page load
 * (before `register()`) and every update after the first one it judges external, so the
 * registration is watched directly.
 */
function watchForWaiting(registration: ServiceWorkerRegistration, onWaiting: () => void): void {
  const check = () => {
    if (registration.waiting && navigator.serviceWorker.controller) onWaiting();
  };
  const track = (worker: ServiceWorker | null) => worker?.addEventListener('statechange', check);
  track(registration.installing);
  registration.addEventListener('updatefound', () => track(registration.installing));
  check();
}

/**
 * Registers the service worker of sw/sw.ts (production builds only) and prompts to reload
 * when a new version is waiting; looks for one hourly, as an installed app rarely navigates.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const wb = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
  void wb.register().then((registration) => {
    if (!registration) return;
    watchForWaiting(registration, () => showUpdatePrompt(wb));
    setInterval(() => void wb.update().catch(() => undefined), UPDATE_CHECK_MS);
  });
}
