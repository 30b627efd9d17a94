import type { CDPSession } from 'playwright-core';

/**
 * A keyboard-wedge scanner's keys through CDP: each character as a keyDown (with its text) and a
 * keyUp (GS1's group separator as Ctrl+]), then Enter. The events are sent without waiting for the page to handle each one, as a
 * scanner's HID reports arrive whatever the page is doing. Used by the browser tests (no gap: the
 * burst reaches the browser at once, so a loaded test machine cannot spread it into "typing") and
 * by the scan benches (at a scanner's pace).
 */

/** GS1's group separator, which scanners send as Ctrl+]. */
const GROUP_SEPARATOR = '\x1d';

const keyOf = (ch: string) => ch === GROUP_SEPARATOR ? { key: ']', code: 'BracketRight', windowsVirtualKeyCode: 221, modifiers: 2 } : ({
  key: ch,
  code: /\d/.test(ch) ? `Digit${ch}` : /[a-z]/i.test(ch) ? `Key${ch.toUpperCase()}` : ch === '-' ? 'Minus' : '',
  windowsVirtualKeyCode: /[a-z\d]/i.test(ch) ? ch.toUpperCase().charCodeAt(0) : ch === '-' ? 189 : 0,
});

/** Waits until `ms` after `since` (setImmediate steps: setTimeout cannot wait 2 ms precisely). */
async function until(since: number, ms: number): Promise<void> {
  while (performance.now() - since < ms) await new Promise((resolve) => setImmediate(resolve));
}

/** Sends `text` and Enter as a wedge burst, `keyGapMs` apart (0: all at once). */
export async function sendWedgeBurst(cdp: CDPSession, text: string, keyGapMs = 0): Promise<void> {
  const sent: Promise<unknown>[] = [];
  let last = performance.now();
  for (const ch of [...text, '\r']) {
    const key = ch === '\r' ? { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 } : keyOf(ch);
    if (keyGapMs > 0) await until(last, keyGapMs);
    last = performance.now();
    const typed = ch === GROUP_SEPARATOR ? {} : { text: ch, unmodifiedText: ch };
    sent.push(cdp.send('Input.dispatchKeyEvent', { type: typed.text ? 'keyDown' : 'rawKeyDown', ...key, ...typed }));
    sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key }));
  }
  await Promise.all(sent);
}
