import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chooseLanguage, launchBrowser, newPage, signIn } from './browser';

/** The admin kit's list and detail pages, on the first resource: /wmsbasic/supplier. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openSuppliers(email: string) {
  const { context, page } = await newPage(browser);
  await page.goto('/v2/login?redirect_url=%2Fv2%2Fwmsbasic%2Fsupplier');
  await signIn(page, email);
  await page.waitForURL('**/v2/wmsbasic/supplier');
  return { context, page };
}

const table = (page: Page) => page.getByTestId('resource-table');
const rowCount = (page: Page) => table(page).locator('tbody tr').count();
const total = (page: Page) => page.getByTestId('list-total').textContent();
const ids = (page: Page) => table(page).locator('tbody tr td:first-child').allTextContents();

describe('resource list (supplier)', () => {
  test('pages, filters from the URL, Enter searches, card ids, remembered search, reset, detail', async () => {
    const { context, page } = await openSuppliers('admin@demo.local');
    await expect.poll(() => total(page)).toBe('Total 30');
    expect(await rowCount(page)).toBe(20);
    const prefix = (await ids(page))[0]!.slice(0, 5);

    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect.poll(() => rowCount(page)).toBe(10);
    expect(page.url()).toContain('page_no=2');

    // Spec §2: the 13-character label is cut at 12, the full label in a tooltip.
    await expect.poll(() => page.getByText('Supplier Nam…').isVisible()).toBe(true);
    await page.getByLabel('Supplier Name').fill('  coffee ');
    await page.getByLabel('Supplier Name').press('Enter');
    await expect.poll(() => ids(page)).toEqual([`${prefix}0009`, `${prefix}0024`]);
    // A new search starts at page 1; the text was trimmed.
    expect(page.url()).not.toContain('page_no');
    expect(page.url()).toContain('supplier_name=coffee');

    // Card filter: ids pasted one per line.
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => total(page)).toBe('Total 30');
    await page.getByLabel('Supplier ID').fill(`${prefix}0003\n${prefix}0001 ${prefix}0002.`);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => ids(page)).toEqual([`${prefix}0001`, `${prefix}0002`, `${prefix}0003`]);

    // The list remembers its search when it is opened again without one.
    await page.goto('/v2/home');
    await page.goto('/v2/wmsbasic/supplier');
    await expect.poll(() => ids(page)).toEqual([`${prefix}0001`, `${prefix}0002`, `${prefix}0003`]);
    expect(await page.getByLabel('Supplier ID').inputValue()).toBe(`${prefix}0003,${prefix}0001,${prefix}0002`);

    // A status filter and the rows-per-page choice.
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.locator('[data-filter="status"] input:not([type=hidden])').click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => total(page)).toBe('Total 6');
    expect(await table(page).locator('tbody tr').first().textContent()).toContain('Inactive');

    await table(page).getByRole('link').first().click();
    await page.waitForURL(`**/v2/wmsbasic/supplier/detail/${prefix}0005`);
    await expect.poll(() => page.getByTestId('resource-detail').textContent()).toContain('Manila Paper Mills');
    await context.close();
  });

  test('a sortable column header sorts ascending, then descending, then back to the default', async () => {
    const { context, page } = await openSuppliers('admin@demo.local');
    await expect.poll(() => total(page)).toBe('Total 30');
    const names = () => table(page).locator('tbody tr td:nth-child(2)').allTextContents();
    const header = page.getByRole('columnheader', { name: 'Supplier Name' });
    await header.getByRole('button').click();
    await expect.poll(async () => (await names())[0]).toBe('Bangkok Beauty Co');
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    await header.getByRole('button').click();
    await expect.poll(async () => (await names())[0]).toBe('Taipei Tea Traders 2');
    expect(page.url()).toContain('sort_desc=1');
    await header.getByRole('button').click();
    await expect.poll(async () => (await ids(page))[0]?.endsWith('0001')).toBe(true);
    expect(page.url()).not.toContain('sort_by');
    // Cleared on the page, so cleared when the list opens again.
    await page.goto('/v2/home');
    await page.goto('/v2/wmsbasic/supplier');
    await expect.poll(() => total(page)).toBe('Total 30');
    await expect.poll(async () => (await ids(page))[0]?.endsWith('0001')).toBe(true);
    expect(page.url()).not.toContain('sort_by');
    await context.close();
  });

  test('the filter labels and table headers follow a language switched on the page', async () => {
    const { context, page } = await openSuppliers('supervisor@demo.local');
    await expect.poll(() => total(page)).toBe('Total 30');
    await chooseLanguage(page, 'English', 'Tiếng Việt');
    try {
      await expect.poll(() => page.locator('[data-filter="status"]').textContent()).toContain('Trạng thái');
      expect(await page.getByRole('columnheader', { name: 'Trạng thái' }).count()).toBe(1);
      expect(await page.getByTestId('list-total').textContent()).toBe('Tổng 30');
    } finally {
      await chooseLanguage(page, 'Tiếng Việt', 'English');
    }
    await context.close();
  });

  test('the filter-select hides a filter, which stays hidden after a reload; at least one must stay', async () => {
    const { context, page } = await openSuppliers('supervisor@demo.local');
    await expect.poll(() => total(page)).toBe('Total 30');
    const filter = (prop: string) => page.locator(`[data-filter="${prop}"]`);
    const choices = page.getByTestId('filter-select');
    const openSelect = async () => {
      await page.getByRole('button', { name: 'Choose filters' }).click();
      await expect.poll(() => choices.isVisible()).toBe(true);
    };
    await expect.poll(() => filter('country').count()).toBe(1);
    await openSelect();
    const created = page.waitForResponse((r) => r.url().includes('/filter_template/create_filter_template'));
    await choices.getByLabel('Country').uncheck();
    await expect.poll(() => filter('country').count()).toBe(0);
    expect((await (await created).json()).retcode).toBe(0);
    await page.keyboard.press('Escape');

    // Saved on the server for this user and list: still hidden after a reload.
    await page.reload();
    await expect.poll(() => filter('status').isVisible()).toBe(true);
    await expect.poll(() => filter('country').count()).toBe(0);

    // The last filter shown cannot be hidden.
    await openSelect();
    expect(await choices.getByLabel('Country').isChecked()).toBe(false);
    await choices.getByLabel('Supplier ID').uncheck();
    await choices.getByLabel('Supplier Name').uncheck();
    await expect.poll(() => filter('supplier_name').count()).toBe(0);
    await choices.getByLabel('Status').click(); // refused: its state stays
    await expect.poll(() => page.getByText('Must be at least one filter!').first().isVisible()).toBe(true);
    expect(await choices.getByLabel('Status').isChecked()).toBe(true);
    expect(await filter('status').count()).toBe(1);

    // Every filter back, for the other tests of this user.
    for (const label of ['Supplier ID', 'Supplier Name', 'Country']) await choices.getByLabel(label).check();
    await expect.poll(() => filter('country').count()).toBe(1);
    await page.keyboard.press('Escape');
    // Saved behind the page: a reload shows every filter once the save has landed.
    await expect.poll(async () => {
      await page.reload();
      await filter('status').waitFor();
      return filter('country').count();
    }, { timeout: 20_000 }).toBe(1);
    expect(await filter('supplier_id').count()).toBe(1);
    await context.close();
  });

  test('bookmarks: save the filters, load them as a new search; the 7th new one is refused', async () => {
    const { context, page } = await openSuppliers('admin@demo.local');
    await expect.poll(() => total(page)).toBe('Total 30');
    const dialog = page.getByRole('dialog');
    const saveButton = dialog.getByRole('button', { name: 'Save', exact: true });

    await page.getByRole('button', { name: 'Reset' }).click();
    await page.locator('[data-filter="status"] input:not([type=hidden])').click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => total(page)).toBe('Total 6');

    // The type must be chosen; a new bookmark's name defaults to Bookmark_YYMMDD_1.
    await page.getByRole('button', { name: 'Save as Bookmark' }).click();
    await saveButton.click();
    await expect.poll(() => dialog.getByText('Type is required').isVisible()).toBe(true);
    await dialog.getByLabel('New bookmark').check();
    const name = dialog.getByLabel('Bookmark Name');
    await expect.poll(() => name.inputValue()).toMatch(/^Bookmark_\d{6}_1$/);
    const first = await name.inputValue();
    await name.fill('');
    await saveButton.click();
    await expect.poll(() => dialog.getByText('Bookmark Name is required').isVisible()).toBe(true);
    await name.fill(first);
    await saveButton.click();
    await expect.poll(() => page.getByText('Bookmark saved Successfully').first().isVisible()).toBe(true);
    await expect.poll(() => dialog.count()).toBe(0);

    // Loading needs a choice, then searches the saved filters from page 1.
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => total(page)).toBe('Total 30');
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect.poll(() => page.url()).toContain('page_no=2');
    await page.getByRole('button', { name: 'Load Bookmark' }).click();
    await dialog.getByRole('button', { name: 'Load', exact: true }).click();
    await expect.poll(() => dialog.getByText('Bookmark is required').isVisible()).toBe(true);
    await dialog.getByRole('combobox', { name: /Bookmark/ }).click();
    await page.getByRole('option', { name: first }).click();
    await dialog.getByRole('button', { name: 'Load', exact: true }).click();
    await expect.poll(() => total(page)).toBe('Total 6');
    await expect.poll(() => page.getByText('Load Bookmark Success!').first().isVisible()).toBe(true);
    expect(page.url()).toContain('status=2');
    expect(page.url()).not.toContain('page_no');

    // Five more take the next free numbers of the day; a 7th new one is refused.
    const prefix = first.replace(/_1$/, '_');
    for (let n = 2; n <= 7; n++) {
      await page.getByRole('button', { name: 'Save as Bookmark' }).click();
      await dialog.getByLabel('New bookmark').check();
      await expect.poll(() => dialog.getByLabel('Bookmark Name').inputValue()).toBe(`${prefix}${n}`);
      await saveButton.click();
      if (n <= 6) await expect.poll(() => dialog.count()).toBe(0);
    }
    await expect.poll(() => dialog.getByText('Only up to 6 new bookmarks can be added').isVisible()).toBe(true);

    // Saving over an existing one is still allowed.
    await dialog.getByLabel('Save over existing').check();
    await dialog.getByRole('combobox', { name: /Bookmark/ }).click();
    await page.getByRole('option', { name: `${prefix}3` }).click();
    await saveButton.click();
    await expect.poll(() => dialog.count()).toBe(0);
    await context.close();
  });

  test('the Detail row action opens the supplier', async () => {
    const { context, page } = await openSuppliers('admin@demo.local');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => total(page)).toBe('Total 30');
    expect(await page.getByRole('columnheader', { name: 'Action' }).count()).toBe(1);
    const row = table(page).locator('tbody tr').nth(1);
    const id = (await row.locator('td:first-child').textContent())!;
    await row.getByRole('link', { name: 'Detail' }).click();
    await page.waitForURL(`**/v2/wmsbasic/supplier/detail/${id}`);
    await context.close();
  });

  test('an operator without the permission gets the forbidden page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/v2/login');
    await signIn(page, 'operator@demo.local');
    await page.waitForURL('**/v2/home');
    await page.goto('/v2/wmsbasic/supplier');
    await expect.poll(() => page.getByText('Access denied').isVisible()).toBe(true);
    await context.close();
  });
});

describe('SKU filters (spec §5 `$`/`#` mapping codes)', () => {
  test('a `$` or `#` code searches the SKU it maps to; an unknown code finds nothing', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/v2/login?redirect_url=%2Fv2%2Fwmsbasic%2Fskuitems');
    await signIn(page, 'admin@demo.local');
    await page.waitForURL('**/v2/wmsbasic/skuitems');
    await expect.poll(() => total(page)).toBe('Total 120');
    const first = (await ids(page))[0]!; // <CC>SKU00001
    const skuId = (n: number) => `${first.slice(0, -5)}${String(n).padStart(5, '0')}`;

    await page.getByLabel('SKU ID').fill('$SHOP0002 #MODEL0003');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => ids(page)).toEqual([skuId(4), skuId(7)]);
    expect(page.url()).toContain(`sku_id=${skuId(4)}`);

    await page.getByLabel('SKU ID').fill('$NOPE');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => total(page)).toBe('Total 0');
    await context.close();
  });
});

describe('the kit\'s list: card filter lines, page size, the collapsed panel', () => {
  test('in a card filter Shift+Enter starts a new line and Enter searches the ids', async () => {
    const { context, page } = await openSuppliers('admin@demo.local');
    await expect.poll(() => total(page)).toBe('Total 30');
    const prefix = (await ids(page))[0]!.slice(0, 5);
    const card = page.getByLabel('Supplier ID');
    await card.click();
    await page.keyboard.type(`${prefix}0004`);
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type(`${prefix}0007`);
    expect(await card.inputValue()).toBe(`${prefix}0004\n${prefix}0007`);
    expect(page.url()).not.toContain('supplier_id');
    expect(await total(page)).toBe('Total 30');
    await page.keyboard.press('Enter');
    await expect.poll(() => ids(page)).toEqual([`${prefix}0004`, `${prefix}0007`]);
    expect(page.url()).toContain(`supplier_id=${prefix}0004%2C${prefix}0007`);
    await context.close();
  });

  test('a page size of 20, 50, 100 or 200: that many rows, in the URL, from page 1, remembered when the list opens again', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/v2/login?redirect_url=%2Fv2%2Fwmsbasic%2Fskuitems');
    await signIn(page, 'admin@demo.local');
    await page.waitForURL('**/v2/wmsbasic/skuitems');
    await expect.poll(() => total(page)).toBe('Total 120');
    expect(await rowCount(page)).toBe(20);
    const pageSize = page.getByRole('combobox', { name: 'Rows per page' });
    const choose = async (size: number) => {
      // Opened again if a re-render of the list (its page arriving) closed the dropdown under the click.
      const option = page.getByRole('option', { name: `${size} / page` });
      await expect.poll(async () => {
        if (!(await option.isVisible())) await pageSize.click();
        return option.isVisible();
      }, { interval: 500 }).toBe(true);
      await option.click();
    };
    await page.getByRole('button', { name: '3', exact: true }).click();
    await expect.poll(() => page.url()).toContain('page_no=3');

    await choose(50);
    await expect.poll(() => rowCount(page)).toBe(50);
    expect(page.url()).toContain('page_size=50');
    const pageNo = () => new URL(page.url()).searchParams.get('page_no') ?? '1';
    expect(pageNo()).toBe('1');
    expect(await page.getByRole('button', { name: '3', exact: true }).count()).toBe(1); // 120 rows: pages 1–3
    expect(await pageSize.inputValue()).toBe('50 / page');

    await page.goto('/v2/home');
    await page.goto('/v2/wmsbasic/skuitems');
    await expect.poll(() => page.url()).toContain('page_size=50');
    await expect.poll(() => rowCount(page)).toBe(50);
    expect(await pageSize.inputValue()).toBe('50 / page');

    await choose(200);
    await expect.poll(() => rowCount(page)).toBe(120);
    expect(page.url()).toContain('page_size=200');
    await choose(100);
    await expect.poll(() => rowCount(page)).toBe(100);
    await choose(20);
    await expect.poll(() => rowCount(page)).toBe(20);
    expect(page.url()).toContain('page_size=20');
    await context.close();
  });

  test('filters beyond 11 units wait behind the expand toggle', async () => {
    // The ledger's filters take 13 units: the last two do not fit collapsed.
    const { context, page } = await newPage(browser);
    await page.goto('/v2/login?redirect_url=%2Fv2%2Finventorymap%2FtransactionInventoryMap');
    await signIn(page, 'admin@demo.local');
    await page.waitForURL('**/v2/inventorymap/transactionInventoryMap');
    const filter = (prop: string) => page.locator(`[data-filter="${prop}"]`);
    await expect.poll(() => filter('quality').count()).toBe(1);
    const toggle = page.getByRole('button', { name: 'More filters' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await filter('ref_type').count()).toBe(0);
    expect(await filter('ref_no').count()).toBe(0);

    await toggle.click();
    await expect.poll(() => filter('ref_no').count()).toBe(1);
    expect(await filter('ref_type').count()).toBe(1);
    const fewer = page.getByRole('button', { name: 'Fewer filters' });
    expect(await fewer.getAttribute('aria-expanded')).toBe('true');
    await fewer.click();
    await expect.poll(() => filter('ref_no').count()).toBe(0);
    expect(await filter('quality').count()).toBe(1);
    await context.close();
  });

  test('a merchant\'s shops are the shop list fixed to the merchant, each linking to its detail', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/v2/login?redirect_url=%2Fv2%2Fwmsbasic%2Fmerchant');
    await signIn(page, 'admin@demo.local');
    await page.waitForURL('**/v2/wmsbasic/merchant');
    await table(page).getByRole('link').first().click();
    await page.waitForURL('**/v2/wmsbasic/merchant/detail/*');
    const merchantId = decodeURIComponent(page.url().split('/').at(-1)!);
    const shops = page.getByRole('table', { name: 'Shops' });
    await expect.poll(() => shops.locator('tbody tr').count()).toBeGreaterThan(0);
    // No Merchant ID filter: the page fixes it.
    expect(await page.locator('[data-filter="merchant_id"]').count()).toBe(0);
    const first = shops.getByRole('link').first();
    const shopId = (await first.textContent())!;
    await first.click();
    await page.waitForURL(`**/v2/wmsbasic/shop/detail/${shopId}`);
    await expect.poll(() => page.locator('[data-field="merchant_id"]').textContent()).toContain(merchantId);
    await context.close();
  });
});
