import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, signIn } from './browser';

/**
 * User import on the User List: the administrator uploads a CSV of new staff, watches the import
 * finish (the built server's worker applies it in the background) and finds the new BPO accounts
 * in the list; the warehouse's imports page lists it with its result file.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const table = (page: Page) => page.getByTestId('resource-table');
const rowOf = (page: Page, text: string) => table(page).locator('tbody tr', { hasText: text });

describe('user import', () => {
  test('upload a CSV on the User List, see the import finish, see the new users in the list', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/v2/login?redirect_url=%2Fv2%2Fwmsconfig%2Fuserlist');
    await signIn(page, 'admin@demo.local');
    await page.waitForURL('**/v2/wmsconfig/userlist');
    await expect.poll(() => rowOf(page, 'operator@demo.local').count()).toBe(1);

    // Staff of their own per run, so a rerun on the same server imports new accounts again.
    const run = Date.now();
    const first = `ana.${run}@agency.example`;
    const second = `ben.${run}@agency.example`;
    const csv = ['Email,Name,Role,Department,Employment Type', `${first},Ana Import,Operator,Inbound,Temporary`, `${second},Ben Import,Operator,,`, 'not-an-email,Nobody,Operator,,'].join('\r\n');

    await page.getByRole('button', { name: 'Import Users' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Users' });
    await expect.poll(() => dialog.getByRole('link', { name: 'CSV' }).getAttribute('href')).toContain('download_upload_template?format=csv');
    await dialog.locator('input[type="file"]').setInputFiles({ name: `staff-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => dialog.getByTestId('user-import-status').textContent(), { timeout: 30_000 }).toBe('Done');
    expect(await dialog.getByTestId('user-import-counts').textContent()).toBe('Created 2 · Updated 0 · Unchanged 0 · Refused 1');
    const result = dialog.getByRole('link', { name: /Download the result/ });
    expect(await result.getAttribute('download')).toBe(`staff-${run}_result.csv`);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The list behind the dialog reads the new accounts: BPO members with the role of the file.
    await page.getByLabel('Email').first().fill(`.${run}@agency.example`);
    await page.getByLabel('Email').first().press('Enter');
    await expect.poll(() => table(page).locator('tbody tr').count()).toBe(2);
    for (const email of [first, second]) {
      const text = await rowOf(page, email).textContent();
      expect(text).toContain('Operator');
      expect(text).toContain('BPO');
    }
    expect(await rowOf(page, first).textContent()).toContain('Inbound');

    // The warehouse's imports: this one, done, with its counts.
    await page.goto('/v2/wmsconfig/userlist/uploadtask');
    const task = rowOf(page, `staff-${run}.csv`);
    await expect.poll(() => task.count()).toBe(1);
    expect(await task.getByTestId('user-import-status').textContent()).toBe('Done');
    expect(await task.getByRole('link', { name: 'Download Result' }).getAttribute('href')).toContain('download_upload_result?task_id=');
    await context.close();
  });
});
