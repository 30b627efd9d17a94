import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newPage, signIn } from './browser';

export { wedgeScan } from './browser';

/** What the ASN, arrival and quota browser tests share: a signed-in page in a given warehouse, and API calls made as that user. */

/** Calls the API as the page's user (its cookies, CSRF token and warehouse); throws on a nonzero retcode. */
export async function api<T = any>(page: Page, method: 'GET' | 'POST', path: string, body: Record<string, unknown> = {}, whsId?: string): Promise<T> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'tally_csrf')?.value ?? '';
  const headers: Record<string, string> = { 'x-csrf-token': csrf, ...(whsId ? { 'x-tally-whs': whsId } : {}) };
  const url = `/api/v2${path}`;
  const res = method === 'GET'
    ? await page.request.get(url, { params: body as Record<string, string>, headers })
    : await page.request.post(url, { data: body, headers });
  const json = (await res.json()) as { retcode: number; message: string; data: T };
  if (json.retcode !== 0) throw new Error(`${path}: ${json.retcode} ${json.message}`);
  return json.data;
}

/** Signs `email` in and makes `whsId` the session's warehouse, then opens `path` (under /v2). */
export async function openAt(
  browser: Browser, email: string, whsId: string, path: string, opts: Parameters<typeof newPage>[1] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, opts);
  await page.goto('/v2/login');
  await signIn(page, email);
  await page.waitForURL('**/v2/home');
  const info = await api<{ whs_id: string }>(page, 'GET', '/apps/system/user/get_login_info');
  if (info.whs_id !== whsId) await api(page, 'POST', '/apps/system/user/switch_user_setting', { type: 'whs', value: whsId }, info.whs_id);
  await page.goto(`/v2${path}`);
  return { context, page };
}

/** A SKU of the warehouse with at least `qty` units available to sell. */
export async function stockedSku(page: Page, whsId: string, qty: number): Promise<string> {
  const { list } = await api<{ list: { sku_id: string; available_qty: number }[] }>(
    page, 'GET', '/apps/process/inventory/inventorymap/search_available_inventory', { page_size: '100' }, whsId,
  );
  const sku = list.find((row) => row.available_qty >= qty);
  if (!sku) throw new Error(`no SKU of ${whsId} has ${qty} units available`);
  return sku.sku_id;
}
