import { describe, expect, test } from 'vitest';
import { isManualEnter } from '../../../shared/validation';
import { ScanRecorder, classifyEntry, parseScanSettings, visibleText, type ScanKeystroke } from './scan-timing';

const tooSlow = (gapMs: number, intervalMs = 200) => isManualEnter(0, gapMs, intervalMs);

/** Types `text` one character at a time, `gap` ms apart from t=1000; returns the recorder and the last input time. */
function typed(text: string, gaps: number | number[]): { recorder: ScanRecorder; lastAt: number } {
  const recorder = new ScanRecorder();
  let value = '';
  let at = 1000;
  [...text].forEach((ch, i) => {
    if (i > 0) at += Array.isArray(gaps) ? gaps[i - 1]! : gaps;
    recorder.change(value, value + ch, at);
    value += ch;
  });
  return { recorder, lastAt: at };
}

describe('ScanRecorder', () => {
  test('a wedge burst 4 ms apart with an Enter 4 ms later is a scanner entry within the interval', () => {
    const { recorder, lastAt } = typed('8991234567895', 4);
    const entry = recorder.finish('8991234567895', 'Enter', lastAt + 4);
    expect(entry.value).toBe('8991234567895');
    expect(entry.keystrokes).toHaveLength(13);
    expect(entry.keystrokes[0]!.gap).toBeNull();
    expect(entry.keystrokes[1]!.gap).toBe(4);
    expect(entry.totalMs).toBe(12 * 4 + 4);
    expect(entry.suffixGapMs).toBe(4);
    expect(entry.source).toBe('scanner');
    expect(tooSlow(entry.suffixGapMs)).toBe(false);
  });

  test('typing 150 ms apart is manual even when Enter follows quickly', () => {
    const { recorder, lastAt } = typed('A-01-02', 150);
    const entry = recorder.finish('A-01-02', 'Enter', lastAt + 90);
    expect(entry.source).toBe('manual');
    expect(tooSlow(entry.suffixGapMs)).toBe(false);
  });

  test('a fast burst followed by a slow Enter is refused by the Enter rule and classified manual', () => {
    const { recorder, lastAt } = typed('LOC123', 5);
    const entry = recorder.finish('LOC123', 'Enter', lastAt + 900);
    expect(entry.suffixGapMs).toBe(900);
    expect(entry.source).toBe('manual');
    expect(tooSlow(entry.suffixGapMs)).toBe(true);
  });

  test('a whole label arriving in one input (a scanner sending strings) is a scanner entry', () => {
    const recorder = new ScanRecorder();
    recorder.change('', 'SKU-000123', 500);
    const entry = recorder.finish('SKU-000123', 'Tab', 502);
    expect(entry.keystrokes).toEqual([{ text: 'SKU-000123', at: 500, gap: null }]);
    expect(entry.suffix).toBe('Tab');
    expect(entry.source).toBe('scanner');
  });

  test('a deletion or an insertion in the middle marks the entry edited, so manual', () => {
    const recorder = new ScanRecorder();
    recorder.change('', 'A', 0);
    recorder.change('A', 'AB', 3);
    recorder.change('AB', 'A', 6);
    recorder.change('A', 'AC', 9);
    const entry = recorder.finish('AC', 'Enter', 12);
    expect(entry.edited).toBe(true);
    expect(entry.source).toBe('manual');
  });

  test('clearing the field starts a new entry', () => {
    const recorder = new ScanRecorder();
    recorder.change('', 'X', 0);
    recorder.change('X', '', 50);
    expect(recorder.length).toBe(0);
    expect(recorder.lastInputAt).toBeNull();
    recorder.change('', 'Y', 5000);
    expect(recorder.finish('Y', 'Enter', 5003).totalMs).toBe(3);
  });

  test('an Enter with nothing recorded has no gap and is manual', () => {
    const entry = new ScanRecorder().finish('', 'Enter', 100);
    expect(entry.suffixGapMs).toBe(0);
    expect(entry.source).toBe('manual');
  });
});

describe('classifyEntry', () => {
  const strokes = (gaps: number[]): ScanKeystroke[] =>
    [null, ...gaps].map((gap, i) => ({ text: 'x', at: i, gap }));

  test('one long pause inside a fast burst makes it manual', () => {
    expect(classifyEntry(strokes([3, 3, 3, 3, 400, 3, 3]), 3, false)).toBe('manual');
  });
  test('a scanner with a configured 25 ms inter-character delay is still a scanner', () => {
    expect(classifyEntry(strokes(Array(12).fill(25)), 25, false)).toBe('scanner');
  });
  test('the fastest human rhythm (~70 ms) is manual', () => {
    expect(classifyEntry(strokes(Array(8).fill(70)), 60, false)).toBe('manual');
  });
  test('a single character is decided by the gap to the suffix', () => {
    expect(classifyEntry(strokes([]), 4, false)).toBe('scanner');
    expect(classifyEntry(strokes([]), 180, false)).toBe('manual');
  });
  test('a burst then a long wait before the suffix is manual', () => {
    expect(classifyEntry([{ text: 'ABCDEF', at: 0, gap: null }], 500, false)).toBe('manual');
  });
});

describe('parseScanSettings', () => {
  test('reads the seeded settings', () => {
    expect(parseScanSettings([
      { conf_key: 'scan_interval_ms', conf_value: '200' },
      { conf_key: 'scan_interval_exempt_permission', conf_value: 'PC.Scan.ManualInput' },
    ])).toEqual({ intervalMs: 200, exemptPermission: 'PC.Scan.ManualInput' });
  });
  test('missing, empty, zero, negative or fractional intervals take the 200 ms default', () => {
    for (const value of [undefined, '', '0', '-5', '1.5', 'abc']) {
      const list = value === undefined ? [] : [{ conf_key: 'scan_interval_ms', conf_value: value }];
      expect(parseScanSettings(list).intervalMs).toBe(200);
    }
  });
  test('an empty exempting permission exempts nobody', () => {
    expect(parseScanSettings([{ conf_key: 'scan_interval_exempt_permission', conf_value: '  ' }]).exemptPermission).toBeNull();
  });
});

describe('visibleText', () => {
  test('shows the GS1 group separator, tab and other control characters', () => {
    expect(visibleText('0109506000134352\u001d17201225\tA\u0004')).toBe('0109506000134352⟨GS⟩17201225⟨TAB⟩A⟨0x04⟩');
    expect(visibleText('plain')).toBe('plain');
  });
});
