import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { contract } from '../../shared/contract';
import { RET } from '../../shared/retcodes';

const toastError = vi.fn();
vi.mock('./toast', () => ({ toast: { error: (...args: unknown[]) => toastError(...args), success: vi.fn(), warning: vi.fn() } }));

const { ApiError, DuplicateRequestError, NetworkError, callApi, configureApi, setTenant } = await import('./api');

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
  configureApi({ onNotLoggedIn, onWarehouseMismatch });
});

beforeEach(() => {
  sent = [];
  answer = envelope(0);
  setTenant('IDJKT1');
});
afterEach(() => vi.clearAllMocks());

describe('callApi', () => {
  it('sends GET input as the query string with the tenant header, and resolves to the parsed data', async () => {
    answer = envelope(0, { whs_id: 'IDJKT1', whs_name: 'Jakarta', whs_no: '1', country: 'ID', time_region: 'Asia/Jakarta', is_rms: false, is_use_channel: false, quota_mode: 0, currency: 'IDR' });
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
    expect(toastError).toHaveBeenCalledWith('Warehouse XX not found.');
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

  it('turns a failed connection into a NetworkError with a toast', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(callApi(contract.getMyPerm, {})).rejects.toBeInstanceOf(NetworkError);
    expect(toastError).toHaveBeenCalledWith('Network error, please try again.');
  });
});
