import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { contract } from '../../shared/contract';
import { WEAK_NETWORK_DEFAULTS, WEAK_NETWORK_PING_PATH, WEAK_NETWORK_TOAST_MS } from '../../shared/constants';
import { RESPONSE_ET_HEADER, callApi, observeRequests, type RequestSample } from './api';
import { readStored, writeStored } from './storage';
import { toast } from './toast';

/**
 * Weak-network detection (spec §4, §8, §9). Every API request reports how long it took; once
 * `count_threshold` requests slower than `rtt_ms` fall within the last `time_window_min`
 * minutes, the favicon of the configured domain is loaded `ping_times` times. If those pings
 * average slower than `ping_threshold_ms`, the network — not the server — is the problem, and
 * the operator is told to get local IT involved. The warning shows at most once per
 * `show_again_min` minutes, across reloads and tabs (the time is kept in localStorage).
 */

/** The warehouse settings (get_conf_list keys, seeded in src/server/db/seed.ts). */
export const WEAK_NETWORK_CONF_KEYS = [
  'weak_network_switch',
  'weak_network_domain',
  'weak_network_show_again_min',
  'weak_network_time_window_min',
  'weak_network_count_threshold',
  'weak_network_rtt_ms',
  'weak_network_ping_threshold_ms',
  'weak_network_ping_times',
] as const;
type ConfKey = (typeof WEAK_NETWORK_CONF_KEYS)[number];

/** When the warning last showed (epoch ms); shared by reloads and tabs of this browser. */
export const WEAK_NETWORK_SHOWN_AT_KEY = 'tally-weak-network-shown-at';

/** Query parameter that keeps each ping out of every cache. */
export const PING_PARAM = 'wn_ping';
/** A ping that takes longer than this is given up and counts as failed (slow). */
export const PING_TIMEOUT_MS = 10_000;

export interface WeakNetworkSettings {
  /** Slow requests are counted over this sliding window. */
  windowMs: number;
  /** Slow requests within the window that start a ping check. */
  countThreshold: number;
  /** A request whose network time exceeds this is slow. */
  rttMs: number;
  /** Average ping time above which the network is reported unstable. */
  pingThresholdMs: number;
  /** Pings per check. */
  pingTimes: number;
  /** The warning shows again only after this long. */
  showAgainMs: number;
  /** The favicon the ping loads. */
  pingUrl: string;
}

const MINUTE_MS = 60_000;

/**
 * The settings of the detection, or null when it is off: the switch is not on, the domain is
 * empty or not a URL, or a threshold, the window, the interval or the ping count is empty, zero
 * or not a positive number (spec §3 "forced off"). A numeric key the server does not return
 * at all takes its §9 default; the switch and the domain have no default, so missing means off.
 */
export function parseWeakNetworkSettings(
  confList: readonly { conf_key: string; conf_value: string }[],
  pageUrl: string,
): WeakNetworkSettings | null {
  const conf = new Map(confList.map((c) => [c.conf_key, c.conf_value.trim()]));
  if (!['1', 'true', 'on'].includes((conf.get('weak_network_switch') ?? '').toLowerCase())) return null;

  const positive = (key: ConfKey, fallback: number, integer: boolean): number | null => {
    const raw = conf.get(key);
    if (raw === undefined) return fallback;
    if (raw === '') return null;
    const value = Number(raw);
    if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) return null;
    return value;
  };
  const showAgainMin = positive('weak_network_show_again_min', WEAK_NETWORK_DEFAULTS.showAgainMinutes, false);
  const windowMin = positive('weak_network_time_window_min', WEAK_NETWORK_DEFAULTS.windowMinutes, false);
  const countThreshold = positive('weak_network_count_threshold', WEAK_NETWORK_DEFAULTS.countThreshold, true);
  const rttMs = positive('weak_network_rtt_ms', WEAK_NETWORK_DEFAULTS.rttMs, false);
  const pingThresholdMs = positive('weak_network_ping_threshold_ms', WEAK_NETWORK_DEFAULTS.pingThresholdMs, false);
  const pingTimes = positive('weak_network_ping_times', WEAK_NETWORK_DEFAULTS.pingTimes, true);
  const pingUrl = pingUrlOf(conf.get('weak_network_domain') ?? '', pageUrl);
  if (showAgainMin === null || windowMin === null || countThreshold === null || rttMs === null
    || pingThresholdMs === null || pingTimes === null || pingUrl === null) return null;
  return {
    windowMs: windowMin * MINUTE_MS,
    countThreshold,
    rttMs,
    pingThresholdMs,
    pingTimes,
    showAgainMs: showAgainMin * MINUTE_MS,
    pingUrl,
  };
}

/**
 * The favicon URL of the domain setting: a bare host ("wms.example.com") takes the page's
 * scheme, an origin gets the app's favicon path, a URL with a path is used as it is.
 */
export function pingUrlOf(domain: string, pageUrl: string): string | null {
  const value = domain.trim();
  if (value === '') return null;
  const page = new URL(pageUrl);
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `${page.protocol}//${value}`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.pathname === '/' || url.pathname === '') url.pathname = WEAK_NETWORK_PING_PATH;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * One ping: loads the favicon uncached and returns the time (ms) the network took.
 *
 * The round trip includes whatever the far end spent producing the answer; that server time is
 * no sign of a weak network, so when the answer carries `x-response-et` (the server's own
 * elapsed milliseconds, sent by our server on every API answer and static file) it is taken off
 * the measured time. Another origin's favicon is loaded as an image (pingImage). Rejects when the
 * favicon cannot be loaded.
 */
export async function pingOnce(url: string, pageOrigin: string): Promise<number> {
  const target = new URL(url);
  target.searchParams.set(PING_PARAM, String(Date.now()));
  if (target.origin !== pageOrigin) return pingImage(target.href);
  const started = performance.now();
  const response = await fetch(target.href, {
    cache: 'no-store',
    credentials: 'omit',
    mode: 'same-origin',
    signal: AbortSignal.timeout(PING_TIMEOUT_MS),
  });
  await response.arrayBuffer();
  const roundTrip = performance.now() - started;
  if (!response.ok) throw new Error(`Ping answered HTTP ${response.status}`);
  const serverMs = Number(response.headers.get(RESPONSE_ET_HEADER) ?? Number.NaN);
  return Math.max(0, roundTrip - (Number.isFinite(serverMs) && serverMs > 0 ? serverMs : 0));
}

/**
 * Another origin's favicon, loaded as an image: the page's Content-Security-Policy lets images
 * come from any site but connections go to this server only (docs/decisions.md "Security
 * headers"). Its headers cannot be read, so the whole round trip counts; what loads must be an
 * image, an error page fails the ping.
 */
function pingImage(href: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    const started = performance.now();
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
      outcome();
    };
    const timer = setTimeout(() => settle(() => {
      image.src = '';
      reject(new Error('Ping timed out'));
    }), PING_TIMEOUT_MS);
    image.onload = () => settle(() => resolve(performance.now() - started));
    image.onerror = () => settle(() => reject(new Error('Ping failed: not an image')));
    image.referrerPolicy = 'no-referrer';
    image.src = href;
  });
}

export interface WeakNetworkDeps {
  /** Wall-clock time (epoch ms): the window and the show-again interval. */
  now: () => number;
  /** Network time (ms) of one ping of the favicon; rejects when it fails. */
  ping: (url: string) => Promise<number>;
  /** Shows the warning. */
  warn: () => void;
  /** When the warning last showed (epoch ms), as persisted; null if never. */
  readShownAt: () => number | null;
  writeShownAt: (at: number) => void;
}

/** The network time of a request: its duration less the time the server said it spent. */
export function networkTimeOf(sample: RequestSample): number {
  const server = sample.serverMs !== null && sample.serverMs > 0 ? sample.serverMs : 0;
  return Math.max(0, sample.durationMs - server);
}

/** Counts slow requests and runs the ping check; the rules of spec §4 without the browser. */
export class WeakNetworkMonitor {
  private settings: WeakNetworkSettings | null = null;
  /** When each slow request in the window finished (epoch ms). */
  private slow: number[] = [];
  private checking = false;
  /** Bumped by configure(): a check started under older settings drops its result. */
  private generation = 0;

  constructor(private readonly deps: WeakNetworkDeps) {}

  /** New settings (null turns detection off); the slow-request list starts afresh. */
  configure(settings: WeakNetworkSettings | null): void {
    this.settings = settings;
    this.slow = [];
    this.generation += 1;
  }

  get enabled(): boolean {
    return this.settings !== null;
  }

  /** Slow requests currently counted in the window. */
  get slowCount(): number {
    const s = this.settings;
    if (!s) return 0;
    const now = this.deps.now();
    return this.slow.filter((at) => now - at < s.windowMs).length;
  }

  /**
   * One finished API request. Requests the caller aborted say nothing about the network and are
   * ignored; failures count like answers, by how long they took (a timeout is slow, an instant
   * "offline" is not). Resolves when the ping check this request may have started is over.
   */
  record(sample: RequestSample): Promise<void> {
    const s = this.settings;
    if (!s || sample.outcome === 'aborted' || networkTimeOf(sample) <= s.rttMs) return Promise.resolve();
    const now = this.deps.now();
    this.slow = this.slow.filter((at) => now - at < s.windowMs);
    this.slow.push(now);
    if (this.slow.length < s.countThreshold || this.checking) return Promise.resolve();
    return this.check(s);
  }

  private async check(s: WeakNetworkSettings): Promise<void> {
    const generation = this.generation;
    const shownAt = this.deps.readShownAt();
    if (shownAt !== null && this.deps.now() - shownAt < s.showAgainMs) {
      // Shown recently: no ping, and the requests counted so far are spent.
      this.slow = [];
      return;
    }
    this.checking = true;
    try {
      let total = 0;
      for (let i = 0; i < s.pingTimes; i += 1) {
        // A ping that fails outright is as bad as one that never ends.
        total += await this.deps.ping(s.pingUrl).catch(() => Number.POSITIVE_INFINITY);
        if (generation !== this.generation) return;
      }
      const average = total / s.pingTimes;
      if (average > s.pingThresholdMs) {
        // Another tab may have shown it while this one was pinging.
        const latest = this.deps.readShownAt();
        if (latest === null || this.deps.now() - latest >= s.showAgainMs) {
          this.deps.writeShownAt(this.deps.now());
          this.deps.warn();
        }
      }
    } finally {
      this.checking = false;
      // Fast pings clear the list too: the next check needs a fresh run of slow requests,
      // rather than every further slow request pinging again.
      if (generation === this.generation) this.slow = [];
    }
  }
}

function readShownAt(): number | null {
  const raw = readStored(WEAK_NETWORK_SHOWN_AT_KEY);
  const at = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(at) ? at : null;
}

/** The monitor of this tab. */
export const weakNetworkMonitor = new WeakNetworkMonitor({
  now: () => Date.now(),
  ping: (url) => pingOnce(url, window.location.origin),
  warn: () => toast.warning(
    t`Network is unstable, please inform your supervisor to reach out to the local IT team for assistance`,
    WEAK_NETWORK_TOAST_MS,
  ),
  readShownAt,
  writeShownAt: (at) => writeStored(WEAK_NETWORK_SHOWN_AT_KEY, String(at)),
});

/**
 * Runs weak-network detection while the signed-in shell is mounted, with the settings of the
 * current warehouse. Settings that cannot be read leave it off (logged, no toast).
 */
export function useWeakNetworkMonitor(): void {
  const { data: confList } = useQuery({
    queryKey: ['session', 'weakNetworkConf'],
    queryFn: ({ signal }) => callApi(contract.getConfList, { conf_key: [...WEAK_NETWORK_CONF_KEYS] }, { signal, quiet: true })
      .then((d) => d.conf_list)
      .catch((error: unknown) => {
        console.warn('Weak-network settings could not be read; detection stays off.', error);
        return null;
      }),
    staleTime: Infinity,
  });

  useEffect(() => {
    if (!confList) return undefined;
    weakNetworkMonitor.configure(parseWeakNetworkSettings(confList, window.location.href));
    const stop = observeRequests((sample) => void weakNetworkMonitor.record(sample));
    return () => {
      stop();
      weakNetworkMonitor.configure(null);
    };
  }, [confList]);
}
