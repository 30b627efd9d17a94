import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { z } from 'zod';
import { contract } from '../../shared/contract';
import { endpoint } from '../../shared/contract/define';
import { RET } from '../../shared/retcodes';

const toastError = vi.fn();
vi.mock('./toast', () => ({ toast: { error: (...args: unknown[]) => toastError(...args), success: vi.fn(), warning: vi.fn() } }));

const { ApiError, DuplicateRequestError, NetworkError, callApi, configureApi, observeRequests, setTenant, switchingWarehouse } = await import('./api');
type RequestSample = import('./api').RequestSample;

interface Sent {
  url: URL;
  method: string;
  headers: Headers;
  body: string;
}

let sent: Sent[] = [];
let answer: () => Promise<Response>;
const onNotLoggedIn = vi.fn();
const onWarehouseMismatch = vi.fn();
const onPasswordChangeRequired = vi.fn();
const onFullStockCount = vi.fn();

const envelope = (retcode: number, data: unknown = {}, message = 'failed') =>
  () => Promise.resolve(new Response(JSON.stringify({ retcode, message, data }), { headers: { 'content-type': 'application/json' } }));

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  vi.stubGlobal('document', { cookie: 'other=1; tally_csrf=token%2F1' });
  // Node has no page to resolve the app's relative API URLs against.
  const NodeRequest = globalThis.Request;
  vi.stubGlobal('Request', class extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, 'http://wms.test') : input, init);
    }
  });
  vi.stubGlobal('fetch', async (request: Request) => {
    sent.push({ url: new URL(request.url), method: request.method, headers: request.headers, body: await request.text() });
    return answer();
  });
  configureApi({ onNotLoggedIn, onWarehouseMismatch, onPasswordChangeRequired, onFullStockCount });
});

beforeEach(() => {
  sent = [];
  answer = envelope(0);
  setTenant('IDJKT1');
});
afterEach(() => vi.clearAllMocks());

describe('callApi', () => {
  it('sends GET input as the query string with the tenant header, and resolves to the parsed data', async () => {
    answer = envelope(0, { whs_id: 'IDJKT1', whs_name: 'Jakarta', whs_no: '1', country: 'ID', time_region: 'Asia/Jakarta', is_rms: 0, is_use_channel: 0, quota_mode: 0, created_at: 1767225600, currency: 'IDR' });
    const detail = await callApi(contract.getWarehouseDetail, { whs_id: 'IDJKT1' });
    expect(detail.whs_name).toBe('Jakarta');
    const [request] = sent;
    expect(request?.url.pathname).toBe('/api/v2/apps/basic/location/get_warehouse_detail');
    expect(request?.url.searchParams.get('whs_id')).toBe('IDJKT1');
    expect(request?.headers.get('x-tally-whs')).toBe('IDJKT1');
    expect(request?.headers.get('x-csrf-token')).toBeNull();
  });

  it('sends POST input as JSON with the CSRF header from the cookie', async () => {
    await callApi(contract.setUserSetting, { name: 'lang', value: 'th' });
    expect(sent[0]?.method).toBe('POST');
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({ name: 'lang', value: 'th' });
    expect(sent[0]?.headers.get('x-csrf-token')).toBe('token/1');
  });

  it('rejects a nonzero retcode with an ApiError and shows the server message', async () => {
    answer = envelope(RET.NOT_FOUND, null, 'Warehouse XX not found.');
    const error = await callApi(contract.getWarehouseDetail, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ retcode: RET.NOT_FOUND, message: 'Warehouse XX not found.' });
    expect(toastError).toHaveBeenCalledWith('Warehouse XX not found.', 3000);
  });

  it('keeps the error toast up as long as the caller configures', async () => {
    answer = envelope(RET.NOT_FOUND, null, 'Warehouse XX not found.');
    await expect(callApi(contract.getWarehouseDetail, {}, { errorToastMs: 8000 })).rejects.toBeInstanceOf(ApiError);
    expect(toastError).toHaveBeenCalledWith('Warehouse XX not found.', 8000);
  });

  it('shows no toast for tolerated retcodes, noErrorCodes or quiet calls', async () => {
    answer = envelope(RET.BAD_CREDENTIALS);
    await expect(callApi(contract.userLogin, { email: 'a@b.c', password: 'f'.repeat(64) })).rejects.toBeInstanceOf(ApiError);
    answer = envelope(RET.NOT_FOUND);
    await expect(callApi(contract.getWarehouseDetail, {}, { noErrorCodes: [RET.NOT_FOUND] })).rejects.toBeInstanceOf(ApiError);
    await expect(callApi(contract.getWarehouseDetail, {}, { quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('hands -100405 to the sign-in redirect and -100407 to the reload dialog', async () => {
    answer = envelope(RET.NOT_LOGGED_IN);
    await expect(callApi(contract.getMyPerm, {})).rejects.toMatchObject({ retcode: RET.NOT_LOGGED_IN });
    expect(onNotLoggedIn).toHaveBeenCalledOnce();
    answer = envelope(RET.WAREHOUSE_MISMATCH, { session_whs_id: 'SGSIN1', request_whs_id: 'IDJKT1' });
    await expect(callApi(contract.getMyPerm, {})).rejects.toMatchObject({ retcode: RET.WAREHOUSE_MISMATCH });
    expect(onWarehouseMismatch).toHaveBeenCalledWith('SGSIN1');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('opens no reload dialog for answers to requests sent before this tab\'s own warehouse switch', async () => {
    answer = envelope(RET.WAREHOUSE_MISMATCH, { session_whs_id: 'SGSIN1', request_whs_id: 'IDJKT1' });
    // Answered while the switch is in flight, and after the tab adopted the new warehouse.
    await switchingWarehouse('SGSIN1', () => expect(callApi(contract.getMyPerm, {})).rejects.toMatchObject({ retcode: RET.WAREHOUSE_MISMATCH }));
    setTenant('SGSIN1');
    await expect(callApi(contract.getMyPerm, {})).rejects.toMatchObject({ retcode: RET.WAREHOUSE_MISMATCH });
    expect(onWarehouseMismatch).not.toHaveBeenCalled();
    // Another tab's switch to a third warehouse still opens it.
    answer = envelope(RET.WAREHOUSE_MISMATCH, { session_whs_id: 'MYKUL1', request_whs_id: 'SGSIN1' });
    await expect(callApi(contract.getMyPerm, {})).rejects.toMatchObject({ retcode: RET.WAREHOUSE_MISMATCH });
    expect(onWarehouseMismatch).toHaveBeenCalledWith('MYKUL1');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('hands -224009 to the forced Change Password even for a quiet caller, without a toast', async () => {
    answer = envelope(RET.PASSWORD_CHANGE_REQUIRED);
    await expect(callApi(contract.getMyPerm, {})).rejects.toMatchObject({ retcode: RET.PASSWORD_CHANGE_REQUIRED });
    await expect(callApi(contract.getMyPerm, {}, { quiet: true })).rejects.toMatchObject({ retcode: RET.PASSWORD_CHANGE_REQUIRED });
    expect(onPasswordChangeRequired).toHaveBeenCalledTimes(2);
    expect(onNotLoggedIn).not.toHaveBeenCalled();
    expect(toastError).not.toHaveBeenCalled();
  });

  it('sets the full stock count flag from -285021 (running) and -285022 (not running), whatever the call, and still reports the refusal', async () => {
    answer = envelope(RET.FULL_STOCK_COUNT_STARTED, null, 'Full Stock Count already start');
    await expect(callApi(contract.operateFullStockCount, { is_open_full_stock_count: 1 })).rejects.toMatchObject({ retcode: RET.FULL_STOCK_COUNT_STARTED });
    expect(onFullStockCount).toHaveBeenLastCalledWith(true);
    expect(toastError).toHaveBeenCalledWith('Full Stock Count already start', 3000);
    answer = envelope(RET.FULL_STOCK_COUNT_ENDED, null, 'Full Stock Count already end');
    await expect(callApi(contract.getWarehouseDetail, {}, { quiet: true })).rejects.toMatchObject({ retcode: RET.FULL_STOCK_COUNT_ENDED });
    expect(onFullStockCount).toHaveBeenLastCalledWith(false);
    expect(onFullStockCount).toHaveBeenCalledTimes(2);
    answer = envelope(RET.NOT_FOUND);
    await callApi(contract.getWarehouseDetail, {}).catch(() => undefined);
    expect(onFullStockCount).toHaveBeenCalledTimes(2);
  });

  it('does not send an identical request while the first is in flight', async () => {
    let release: () => void = () => undefined;
    answer = () => new Promise((resolve) => {
      release = () => resolve(new Response(JSON.stringify({ retcode: 0, message: 'ok', data: { list: ['A'] } })));
    });
    const first = callApi(contract.getMyPerm, {});
    await expect(callApi(contract.getMyPerm, {})).rejects.toBeInstanceOf(DuplicateRequestError);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    release();
    await expect(first).resolves.toEqual({ list: ['A'] });
    answer = envelope(0, { list: [] });
    await expect(callApi(contract.getMyPerm, {})).resolves.toEqual({ list: [] });
  });

  it('sends duplicates of the endpoints that allow them (the six of spec §7)', async () => {
    // The six are pii data, dev conf, outbound order inner package, ASN quota search, instant order
    // list (the pigeonhole board) and inbound task type list: a stand-in of small output declares the flag.
    const instantOrderList = endpoint({
      method: 'GET', path: '/apps/process/outbound/instantorder/search_instant_order_list', access: 'session',
      summary: 'stand-in', input: z.object({}), output: z.object({ n: z.number() }), allowDuplicateInFlight: true,
    });
    const releases: (() => void)[] = [];
    answer = () => new Promise((resolve) => {
      releases.push(() => resolve(new Response(JSON.stringify({ retcode: 0, message: 'ok', data: { n: releases.length } }))));
    });
    const first = callApi(instantOrderList, {});
    const second = callApi(instantOrderList, {});
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    for (const release of releases) release();
    await expect(Promise.all([first, second])).resolves.toEqual([{ n: 2 }, { n: 2 }]);
  });

  it('cancels an identical POST in flight too, but not one with other input', async () => {
    let release: () => void = () => undefined;
    answer = () => new Promise((resolve) => {
      release = () => resolve(new Response(JSON.stringify({ retcode: 0, message: 'ok', data: {} })));
    });
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const first = callApi(contract.setUserSetting, { name: 'lang', value: 'th' });
    await expect(callApi(contract.setUserSetting, { name: 'lang', value: 'th' })).rejects.toBeInstanceOf(DuplicateRequestError);
    expect(info).toHaveBeenCalledWith('Cancelled a duplicate in-flight request: POST /apps/system/user/set_user_setting');
    expect(toastError).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    release();
    await first;
    answer = envelope(0);
    await callApi(contract.setUserSetting, { name: 'lang', value: 'vi' });
    expect(sent).toHaveLength(2);
    info.mockRestore();
  });

  it('gives up after 60 s with a NetworkError', async () => {
    vi.useFakeTimers();
    try {
      answer = () => new Promise(() => undefined);
      const pending = callApi(contract.getMyPerm, {}).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(59_000);
      expect(sent).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1_500);
      expect(await pending).toBeInstanceOf(NetworkError);
      expect(toastError).toHaveBeenCalledWith('Network error, please try again.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports each request sent to the observers: duration, server time and outcome', async () => {
    const samples: RequestSample[] = [];
    const stop = observeRequests((s) => samples.push(s));
    answer = () => Promise.resolve(new Response(JSON.stringify({ retcode: 0, message: 'ok', data: { list: [] } }), { headers: { 'x-response-et': '12' } }));
    await callApi(contract.getMyPerm, {});
    answer = envelope(RET.NOT_FOUND);
    await callApi(contract.getWarehouseDetail, {}, { quiet: true }).catch(() => undefined);
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await callApi(contract.getMyPerm, {}, { quiet: true }).catch(() => undefined);
    const controller = new AbortController();
    answer = () => {
      controller.abort();
      return Promise.reject(new DOMException('aborted', 'AbortError'));
    };
    await callApi(contract.getMyPerm, {}, { signal: controller.signal }).catch(() => undefined);
    expect(samples.map(({ method, path, serverMs, outcome }) => ({ method, path, serverMs, outcome }))).toEqual([
      { method: 'GET', path: '/apps/system/authorization/get_my_perm', serverMs: 12, outcome: 'ok' },
      { method: 'GET', path: '/apps/basic/location/get_warehouse_detail', serverMs: null, outcome: 'error' },
      { method: 'GET', path: '/apps/system/authorization/get_my_perm', serverMs: null, outcome: 'network' },
      { method: 'GET', path: '/apps/system/authorization/get_my_perm', serverMs: null, outcome: 'aborted' },
    ]);
    for (const s of samples) expect(s.durationMs).toBeGreaterThanOrEqual(0);

    // A duplicate that was never sent is not a request; after stop() nothing is reported.
    let release: () => void = () => undefined;
    answer = () => new Promise((resolve) => {
      release = () => resolve(new Response(JSON.stringify({ retcode: 0, message: 'ok', data: { list: [] } })));
    });
    const sentBefore = sent.length;
    const first = callApi(contract.getMyPerm, {});
    await expect(callApi(contract.getMyPerm, {})).rejects.toBeInstanceOf(DuplicateRequestError);
    await vi.waitFor(() => expect(sent).toHaveLength(sentBefore + 1));
    release();
    await first;
    expect(samples).toHaveLength(5);
    stop();
    answer = envelope(0, { list: [] });
    await callApi(contract.getMyPerm, {});
    expect(samples).toHaveLength(5);
  });

  it('turns a failed connection into a NetworkError with a toast', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(callApi(contract.getMyPerm, {})).rejects.toBeInstanceOf(NetworkError);
    expect(toastError).toHaveBeenCalledWith('Network error, please try again.');
  });
});
