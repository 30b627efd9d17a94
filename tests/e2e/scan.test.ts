import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PDA_USER_AGENT, PDA_VIEWPORT, chooseLanguage, launchBrowser, newPage, signIn, wedgeScan } from './browser';

const MANUAL_MESSAGE = 'Manual is not permitted, please Scan the Label!';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface CueRecord {
  node: string;
  clip: string | null;
  spoken: boolean;
}

/**
 * Headless Chromium cannot be heard: the page records each cue the app reports ('tally:cue'),
 * and speech is stubbed with an en-US voice that records what it was asked to say.
 */
async function instrument(context: BrowserContext, voices: { lang: string; name: string }[] = [{ lang: 'en-US', name: 'Test English' }]) {
  await context.addInitScript((voiceList) => {
    const w = window as unknown as { __cues: unknown[]; __spoken: { text: string; lang: string; voice: string | null }[] };
    w.__cues = [];
    w.__spoken = [];
    window.addEventListener('tally:cue', (e) => w.__cues.push((e as CustomEvent).detail));
    const fakeVoices = voiceList.map((v) => ({ ...v, voiceURI: v.name, localService: true, default: false }));
    const synth = {
      speaking: false, pending: false, paused: false, onvoiceschanged: null,
      getVoices: () => fakeVoices,
      speak: (u: SpeechSynthesisUtterance) => {
        w.__spoken.push({ text: u.text, lang: u.lang, voice: u.voice?.name ?? null });
        setTimeout(() => u.onend?.(new Event('end') as SpeechSynthesisEvent), 10);
      },
      cancel: () => {}, pause: () => {}, resume: () => {},
      addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => true,
    };
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    // The real utterance only takes real voices: a plain one carries the fake voice through.
    class FakeUtterance {
      text: string;
      lang = '';
      voice: { name: string } | null = null;
      onend: ((e: Event) => void) | null = null;
      constructor(text: string) {
        this.text = text;
      }
    }
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: FakeUtterance, configurable: true });
  }, voices);
}

const cues = (page: Page) => page.evaluate(() => (window as unknown as { __cues: CueRecord[] }).__cues);
const spoken = (page: Page) => page.evaluate(() => (window as unknown as { __spoken: { text: string; voice: string | null }[] }).__spoken);

async function openScannerCheck(email: string, opts: Parameters<typeof newPage>[1] = {}, voices?: { lang: string; name: string }[]) {
  const { context, page } = await newPage(browser, opts);
  await instrument(context, voices);
  await page.goto('/v2/login?redirect_url=%2Fv2%2Fscanner-check');
  await signIn(page, email);
  await page.waitForURL('**/v2/scanner-check');
  const field = page.getByTestId('scan-input');
  await field.waitFor();
  return { context, page, field };
}

const warningShown = (page: Page) => page.getByText(MANUAL_MESSAGE).isVisible();

describe('scan fields (spec §5)', () => {
  test('a keyboard-wedge burst is accepted, classified as a scanner and acknowledged with the accepted cue', async () => {
    const { context, page, field } = await openScannerCheck('operator@demo.local');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await wedgeScan(page, '8991234567895');
    await expect.poll(() => page.getByTestId('scan-value').textContent()).toBe('8991234567895');
    expect(await page.getByTestId('scan-source').textContent()).toBe('Scanner');
    expect(await page.getByTestId('scan-verdict').textContent()).toBe('Accepted');
    expect(await field.inputValue()).toBe('');
    expect(await warningShown(page)).toBe(false);
    await expect.poll(async () => (await cues(page)).map((c) => c.node)).toEqual(['scan.accepted']);
    expect((await cues(page))[0]!.clip).toBe('A');
    // The bench's figure is recorded: suffix key to the frame showing the result.
    expect(await page.evaluate(() => performance.getEntriesByName('tally:scan-feedback').length)).toBe(1);
    await context.close();
  });

  test('a GS1 DataMatrix scan with a group separator is broken into its elements', async () => {
    const { context, page } = await openScannerCheck('operator@demo.local');
    // ]d2 symbology, GTIN, lot (variable, ended by GS sent as Ctrl+]), expiry.
    await wedgeScan(page, ']d2010950600013435210ABC123\x1d17201225');
    await expect.poll(() => page.getByTestId('scan-value').textContent()).toBe(']d2010950600013435210ABC123⟨GS⟩17201225');
    const table = page.getByTestId('gs1-table');
    await expect.poll(() => table.isVisible()).toBe(true);
    const text = await table.textContent();
    expect(text).toContain('09506000134352');
    expect(text).toContain('ABC123');
    expect(text).toContain('2020-12-25');
    await context.close();
  });

  test('an Enter more than 200 ms after the last character clears the field and warns', async () => {
    const { context, page, field } = await openScannerCheck('operator@demo.local');
    await page.keyboard.type('LOC-A-01', { delay: 0 });
    await page.waitForTimeout(450);
    await page.keyboard.press('Enter');
    await expect.poll(() => warningShown(page)).toBe(true);
    expect(await field.inputValue()).toBe('');
    expect(await page.getByTestId('scan-verdict').textContent()).toBe('Enter too late: refused');
    await expect.poll(async () => (await cues(page)).map((c) => c.node)).toEqual(['scan.manual_refused']);
    await context.close();
  });

  test('paste and drop are refused with the message and change nothing', async () => {
    const { context, page, field } = await openScannerCheck('operator@demo.local');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.evaluate(() => navigator.clipboard.writeText('PASTED-LABEL'));
    await field.focus();
    await page.keyboard.press('Control+V');
    await expect.poll(() => warningShown(page)).toBe(true);
    expect(await field.inputValue()).toBe('');
    expect(await page.getByTestId('scan-verdict').textContent()).toBe('Paste refused');

    const dropped = await field.evaluate((input) => {
      const data = new DataTransfer();
      data.setData('text/plain', 'DROPPED');
      const drop = new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true });
      input.dispatchEvent(drop);
      return drop.defaultPrevented;
    });
    expect(dropped).toBe(true);
    await expect.poll(() => page.getByTestId('scan-verdict').textContent()).toBe('Drop refused');
    expect(await field.inputValue()).toBe('');
    await context.close();
  });

  test('a user holding the exempting permission may type slowly and paste', async () => {
    const { context, page, field } = await openScannerCheck('admin@demo.local');
    // Exempt once the warehouse's scan settings (which permission exempts) are read.
    await expect.poll(() => field.getAttribute('data-exempt')).toBe('true');
    await page.keyboard.type('TYPED', { delay: 120 });
    await page.waitForTimeout(300);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('scan-value').textContent()).toBe('TYPED');
    expect(await page.getByTestId('scan-source').textContent()).toBe('Typed');
    expect(await page.getByTestId('scan-verdict').textContent()).toBe('Accepted');

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.evaluate(() => navigator.clipboard.writeText('PASTED'));
    await page.keyboard.press('Control+V');
    await expect.poll(() => field.inputValue()).toBe('PASTED');
    expect(await warningShown(page)).toBe(false);
    await context.close();
  });
});

describe('cues follow the notification sound settings', () => {
  test('a node set Close stays silent, and a spoken prompt uses the voice of the language', async () => {
    const { context, page } = await openScannerCheck('admin@demo.local');
    const update = (list: unknown[]) => page.evaluate(async (body) => {
      const csrf = document.cookie.split('; ').find((c) => c.startsWith('tally_csrf='))?.split('=')[1] ?? '';
      const whs = localStorage.getItem('setting_whs_v2') ?? '';
      const res = await fetch('/api/v2/apps/config/notification/update_notification_sound_v2', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, 'x-tally-whs': whs },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { retcode: number };
    }, { platform: 1, list });
    expect((await update([
      { node_name: 'scan.accepted', sound_type: 2, clip: 'A', voice: 0 },
      { node_name: 'scan.refused', sound_type: 1, clip: 'C', voice: 1 },
    ])).retcode).toBe(0);
    await page.reload();
    await page.getByTestId('scan-input').waitFor();

    await wedgeScan(page, 'SKU-123456');
    await expect.poll(() => page.getByTestId('scan-value').textContent()).toBe('SKU-123456');
    await expect.poll(async () => (await cues(page)).length).toBe(1);
    expect((await cues(page))[0]).toMatchObject({ node: 'scan.accepted', clip: null, spoken: false });

    await page.locator('[data-cue-node="scan.refused"]').click();
    await expect.poll(async () => (await cues(page)).length).toBe(2);
    expect((await cues(page))[1]).toMatchObject({ node: 'scan.refused', clip: 'C', spoken: true });
    await expect.poll(() => spoken(page)).toEqual([{ text: 'Scan refused', lang: 'en-US', voice: 'Test English' }]);

    // Put the settings back for the other tests.
    expect((await update([
      { node_name: 'scan.accepted', sound_type: 1, clip: 'A', voice: 0 },
      { node_name: 'scan.refused', sound_type: 1, clip: 'B', voice: 0 },
    ])).retcode).toBe(0);
    await context.close();
  });

  test('with no voice for the language, the no-voice error shows and the prompt is read in English', async () => {
    // A PDA: its sound settings read prompts out by default. Vietnamese UI; English voices only.
    const { context, page } = await openScannerCheck('operator@demo.local', { viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT });
    // The operator switches to Vietnamese (saved to the account: switched back at the end).
    await chooseLanguage(page, 'English', 'Tiếng Việt');
    try {
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('vi-VN');
      await page.locator('[data-cue-node="scan.refused"]').click();
      await expect.poll(async () => (await spoken(page)).length).toBe(1);
      expect((await spoken(page))[0]!.voice).toBe('Test English');
      // Spec §8: the no-voice error, in the UI language, and English is read instead.
      await expect.poll(() => page.getByRole('alert').filter({ hasText: 'tiếng Anh' }).count()).toBeGreaterThan(0);
    } finally {
      await chooseLanguage(page, 'Tiếng Việt', 'English');
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    }
    await context.close();
  });
});

describe('operator shell on a PDA', () => {
  test('home is scan-first: the field is focused without soft keyboard, the sync badge shows, screens open by label', async () => {
    const { context, page } = await newPage(browser, { viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT });
    await page.goto('/v2/login');
    await signIn(page, 'operator@demo.local');
    await page.waitForURL('**/v2/home');
    const field = page.getByTestId('scan-input');
    await field.waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.device)).toBe('pda');
    expect(await field.getAttribute('inputmode')).toBe('none');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    // The menu is a drawer, closed: the page has the whole width.
    const sidebarRight = async () => {
      const box = await page.getByRole('navigation', { name: 'Sidebar' }).boundingBox();
      return box ? box.x + box.width : 0;
    };
    await expect.poll(sidebarRight).toBeLessThanOrEqual(0);
    expect(await page.getByRole('button', { name: 'Open navigation' }).isVisible()).toBe(true);
    // The operator holds no PC.Scan.ManualInput: no keyboard toggle.
    expect(await page.getByRole('button', { name: 'Show keyboard' }).count()).toBe(0);

    // Tapping the page background (not one of the screen buttons below the field) gives the focus back to the scan field.
    await page.getByRole('heading', { level: 1 }).click();
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);

    await wedgeScan(page, 'tally:/scanner-check');
    await page.waitForURL('**/v2/scanner-check');
    await context.close();
  });

  test('an exempt user on a PDA can bring up the keyboard', async () => {
    const { context, page } = await newPage(browser, { viewport: PDA_VIEWPORT, userAgent: PDA_USER_AGENT });
    await page.goto('/v2/login?redirect_url=%2Fv2%2Fscanner-check');
    await signIn(page, 'admin@demo.local');
    const field = page.getByTestId('scan-input');
    await field.waitFor();
    expect(await field.getAttribute('inputmode')).toBe('none');
    await page.getByRole('button', { name: 'Show keyboard' }).click();
    expect(await field.getAttribute('inputmode')).toBe('text');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });
});
