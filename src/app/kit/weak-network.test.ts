import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestSample } from './api';
import { WEAK_NETWORK_PING_PATH } from '../../shared/constants';

vi.mock('./toast', () => ({ toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));

const {
  PING_PARAM, WEAK_NETWORK_CONF_KEYS, WeakNetworkMonitor, parseWeakNetworkSettings, pingOnce, pingUrlOf,
} = await import('./weak-network');
type Settings = NonNullable<ReturnType<typeof parseWeakNetworkSettings>>;

const PAGE = 'https://wms.example.com/v2/home';

/** The seeded settings of src/server/db/seed.ts, with a domain. */
const SEEDED: Record<string, string> = {
  weak_network_switch: '1',
  weak_network_domain: 'https://wms.example.com',
  weak_network_show_again_min: '30',
  weak_network_time_window_min: '3',
  weak_network_count_threshold: '3',
  weak_network_rtt_ms: '300',
  weak_network_ping_threshold_ms: '300',
  weak_network_ping_times: '3',
};
const confList = (values: Record<string, string>) => Object.entries(values).map(([conf_key, conf_value]) => ({ conf_key, conf_value }));

const SETTINGS: Settings = {
  windowMs: 3 * 60_000, countThreshold: 3, rttMs: 300, pingThresholdMs: 300, pingTimes: 3, showAgainMs: 30 * 60_000,
  pingUrl: `https://wms.example.com${WEAK_NETWORK_PING_PATH}`,
};

const sample = (durationMs: number, extra: Partial<RequestSample> = {}): RequestSample =>
  ({ method: 'GET', path: '/x', durationMs, serverMs: null, outcome: 'ok', ...extra });
const SLOW = sample(450);
const FAST = sample(120);

describe('parseWeakNetworkSettings', () => {
  it('reads the seeded keys as minutes and milliseconds', () => {
    expect(WEAK_NETWORK_CONF_KEYS).toEqual(Object.keys(SEEDED));
    expect(parseWeakNetworkSettings(confList(SEEDED), PAGE)).toEqual(SETTINGS);
  });

  it('is off as seeded for the demo, with the domain empty', () => {
    expect(parseWeakNetworkSettings(confList({ ...SEEDED, weak_network_domain: '' }), PAGE)).toBeNull();
    expect(parseWeakNetworkSettings(confList({ ...SEEDED, weak_network_domain: '   ' }), PAGE)).toBeNull();
  });

  it('is forced off by the switch, and by any empty, zero or non-positive threshold, window or interval', () => {
    for (const off of ['0', '', 'false', 'off']) {
      expect(parseWeakNetworkSettings(confList({ ...SEEDED, weak_network_switch: off }), PAGE), `switch ${off}`).toBeNull();
    }
    const numeric = WEAK_NETWORK_CONF_KEYS.filter((k) => k !== 'weak_network_switch' && k !== 'weak_network_domain');
    expect(numeric).toHaveLength(6);
    for (const key of numeric) {
      for (const bad of ['', '0', ' 0 ', '-5', 'abc']) {
        expect(parseWeakNetworkSettings(confList({ ...SEEDED, [key]: bad }), PAGE), `${key}=${JSON.stringify(bad)}`).toBeNull();
      }
    }
    // Counts are whole numbers.
    expect(parseWeakNetworkSettings(confList({ ...SEEDED, weak_network_ping_times: '2.5' }), PAGE)).toBeNull();
    expect(parseWeakNetworkSettings(confList({ ...SEEDED, weak_network_count_threshold: '1.5' }), PAGE)).toBeNull();
  });

  it('is off without the switch or the domain; a numeric key left out takes its default', () => {
    const { weak_network_switch: _switch, ...noSwitch } = SEEDED;
    expect(parseWeakNetworkSettings(confList(noSwitch), PAGE)).toBeNull();
    const { weak_network_domain: _domain, ...noDomain } = SEEDED;
    expect(parseWeakNetworkSettings(confList(noDomain), PAGE)).toBeNull();
    const onlyRequired = { weak_network_switch: '1', weak_network_domain: 'wms.example.com' };
    expect(parseWeakNetworkSettings(confList(onlyRequired), PAGE)).toEqual(SETTINGS);
    expect(parseWeakNetworkSettings(confList({ ...SEEDED, weak_network_rtt_ms: '500', weak_network_time_window_min: '0.5' }), PAGE))
      .toMatchObject({ rttMs: 500, windowMs: 30_000 });
  });
});

describe('pingUrlOf', () => {
  it('turns a host or origin into the favicon URL and keeps a full URL', () => {
    expect(pingUrlOf('wms.example.com', PAGE)).toBe(`https://wms.example.com${WEAK_NETWORK_PING_PATH}`);
    expect(pingUrlOf('http://10.0.0.5:8080', PAGE)).toBe(`http://10.0.0.5:8080${WEAK_NETWORK_PING_PATH}`);
    expect(pingUrlOf('https://it.example.net/favicon.ico', PAGE)).toBe('https://it.example.net/favicon.ico');
    expect(pingUrlOf(' wms.example.com/ ', 'http://127.0.0.1:8080/v2/')).toBe(`http://wms.example.com${WEAK_NETWORK_PING_PATH}`);
  });

  it('refuses what is not an http(s) address', () => {
    expect(pingUrlOf('', PAGE)).toBeNull();
    expect(pingUrlOf('ftp://wms.example.com', PAGE)).toBeNull();
    expect(pingUrlOf('http://', PAGE)).toBeNull();
    expect(pingUrlOf('exa mple', PAGE)).toBeNull();
  });
});

describe('WeakNetworkMonitor', () => {
  let stored: Map<string, number>;
  let pingMs: number | Error;
  let pings: string[];
  let warn: ReturnType<typeof vi.fn<() => void>>;

  const makeMonitor = (settings: Settings | null = SETTINGS) => {
    const monitor = new WeakNetworkMonitor({
      now: () => Date.now(),
      ping: (url) => {
        pings.push(url);
        return pingMs instanceof Error ? Promise.reject(pingMs) : Promise.resolve(pingMs);
      },
      warn,
      readShownAt: () => stored.get('shownAt') ?? null,
      writeShownAt: (at) => stored.set('shownAt', at),
    });
    monitor.configure(settings);
    return monitor;
  };

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-22T08:00:00Z') });
    stored = new Map();
    pingMs = 40;
    pings = [];
    warn = vi.fn<() => void>();
  });
  afterEach(() => vi.useRealTimers());

  it('counts only requests slower than the RTT threshold, by their network time', async () => {
    const monitor = makeMonitor();
    await monitor.record(FAST);
    await monitor.record(sample(300));
    // 900 ms in all, 700 of them spent in the server: 200 ms of network is not slow.
    await monitor.record(sample(900, { serverMs: 700 }));
    await monitor.record(sample(5000, { outcome: 'aborted' }));
    expect(monitor.slowCount).toBe(0);
    await monitor.record(sample(301));
    await monitor.record(sample(60_000, { outcome: 'network' }));
    expect(monitor.slowCount).toBe(2);
    expect(pings).toEqual([]);
  });

  it('counts slow requests within the time window only', async () => {
    const monitor = makeMonitor();
    await monitor.record(SLOW);
    await monitor.record(SLOW);
    vi.advanceTimersByTime(3 * 60_000);
    // The first two have left the 3-minute window.
    await monitor.record(SLOW);
    expect(monitor.slowCount).toBe(1);
    expect(pings).toEqual([]);
    vi.advanceTimersByTime(2 * 60_000);
    await monitor.record(SLOW);
    expect(pings).toEqual([]);
    await monitor.record(SLOW);
    expect(pings).toHaveLength(3);
  });

  it('the threshold count starts a ping check of ping-times pings; fast pings show nothing and clear the list', async () => {
    const monitor = makeMonitor();
    await monitor.record(SLOW);
    await monitor.record(SLOW);
    expect(pings).toEqual([]);
    pingMs = 299;
    await monitor.record(SLOW);
    expect(pings).toEqual(Array.from({ length: 3 }, () => SETTINGS.pingUrl));
    expect(warn).not.toHaveBeenCalled();
    expect(monitor.slowCount).toBe(0);
    expect(stored.has('shownAt')).toBe(false);
    // A fresh run of slow requests is needed for the next check.
    await monitor.record(SLOW);
    await monitor.record(SLOW);
    expect(pings).toHaveLength(3);
  });

  it('slow pings show the warning once, remember when, and clear the list', async () => {
    const monitor = makeMonitor();
    pingMs = 350;
    for (let i = 0; i < 3; i += 1) await monitor.record(SLOW);
    expect(warn).toHaveBeenCalledOnce();
    expect(stored.get('shownAt')).toBe(Date.now());
    expect(monitor.slowCount).toBe(0);
  });

  it('takes the average of the pings: one slow ping among fast ones is not enough', async () => {
    let n = 0;
    const monitor = new WeakNetworkMonitor({
      now: () => Date.now(),
      ping: () => Promise.resolve([700, 50, 50][n++] ?? 0),
      warn,
      readShownAt: () => null,
      writeShownAt: () => undefined,
    });
    monitor.configure(SETTINGS);
    for (let i = 0; i < 3; i += 1) await monitor.record(SLOW);
    expect(n).toBe(3);
    expect(warn).not.toHaveBeenCalled();
  });

  it('a ping that fails counts as slow', async () => {
    const monitor = makeMonitor();
    pingMs = new TypeError('Failed to fetch');
    for (let i = 0; i < 3; i += 1) await monitor.record(SLOW);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('does not show again within the show-again interval, even after a reload', async () => {
    pingMs = 800;
    const first = makeMonitor();
    for (let i = 0; i < 3; i += 1) await first.record(SLOW);
    expect(warn).toHaveBeenCalledOnce();
    expect(pings).toHaveLength(3);

    // The page reloads 10 minutes later: a new monitor over the same storage.
    vi.advanceTimersByTime(10 * 60_000);
    const reloaded = makeMonitor();
    for (let i = 0; i < 6; i += 1) await reloaded.record(SLOW);
    expect(warn).toHaveBeenCalledOnce();
    // No ping either: the slow requests are spent without one.
    expect(pings).toHaveLength(3);
    expect(reloaded.slowCount).toBe(0);

    vi.advanceTimersByTime(20 * 60_000);
    for (let i = 0; i < 3; i += 1) await reloaded.record(SLOW);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(pings).toHaveLength(6);
  });

  it('runs one check at a time and drops a check whose settings changed meanwhile', async () => {
    let release: (ms: number) => void = () => undefined;
    const monitor = new WeakNetworkMonitor({
      now: () => Date.now(),
      ping: () => {
        pings.push('p');
        return new Promise<number>((resolve) => (release = resolve));
      },
      warn,
      readShownAt: () => null,
      writeShownAt: () => undefined,
    });
    monitor.configure(SETTINGS);
    void monitor.record(SLOW);
    void monitor.record(SLOW);
    const check = monitor.record(SLOW);
    await vi.waitFor(() => expect(pings).toHaveLength(1));
    await monitor.record(SLOW);
    expect(pings).toHaveLength(1);
    monitor.configure(null);
    release(5000);
    await check;
    expect(pings).toHaveLength(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it('does nothing while off', async () => {
    const monitor = makeMonitor(null);
    for (let i = 0; i < 10; i += 1) await monitor.record(sample(10_000));
    expect(monitor.enabled).toBe(false);
    expect(monitor.slowCount).toBe(0);
    expect(pings).toEqual([]);
  });
});

describe('pingOnce', () => {
  let requests: { url: URL; init: RequestInit | undefined }[];

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-22T08:00:00Z') });
    requests = [];
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const answerAfter = (ms: number, init: ResponseInit) => {
    vi.stubGlobal('fetch', (input: string, reqInit?: RequestInit) => {
      requests.push({ url: new URL(input), init: reqInit });
      vi.advanceTimersByTime(ms);
      return Promise.resolve(new Response('<svg/>', init));
    });
  };

  it('takes the server time of x-response-et off the round trip', async () => {
    answerAfter(450, { headers: { 'x-response-et': '400' } });
    await expect(pingOnce(SETTINGS.pingUrl, 'https://wms.example.com')).resolves.toBe(50);
    const [request] = requests;
    expect(request?.url.pathname).toBe(WEAK_NETWORK_PING_PATH);
    expect(request?.url.searchParams.get(PING_PARAM)).toBe(String(Date.now() - 450));
    expect(request?.init).toMatchObject({ cache: 'no-store', mode: 'same-origin', credentials: 'omit' });
  });

  /** An image that loads (or fails) `ms` after its source is set. */
  const imageAfter = (ms: number, loads: boolean, sources: string[]) => {
    vi.stubGlobal('Image', class {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      referrerPolicy = '';
      set src(value: string) {
        if (value === '') return;
        sources.push(value);
        vi.advanceTimersByTime(ms);
        queueMicrotask(() => (loads ? this.onload : this.onerror)?.());
      }
    });
  };

  it('loads another origin as an image (the CSP allows images, not connections) and counts the whole round trip', async () => {
    const sources: string[] = [];
    imageAfter(320, true, sources);
    answerAfter(0, {});
    await expect(pingOnce('https://it.example.net/favicon.ico', 'https://wms.example.com')).resolves.toBe(320);
    expect(requests).toEqual([]);
    expect(new URL(sources[0] ?? '').searchParams.has(PING_PARAM)).toBe(true);
  });

  it('rejects when another origin answers no image', async () => {
    imageAfter(10, false, []);
    await expect(pingOnce('https://it.example.net/favicon.ico', 'https://wms.example.com')).rejects.toThrow('not an image');
  });

  it('rejects when the favicon is not there', async () => {
    answerAfter(10, { status: 404 });
    await expect(pingOnce(SETTINGS.pingUrl, 'https://wms.example.com')).rejects.toThrow('HTTP 404');
  });
});
