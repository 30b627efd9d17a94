import { useCallback, useEffect, useRef, useState, type ClipboardEvent, type RefObject, type DragEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useQuery, queryOptions } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { contract } from '../../../shared/contract';
import { SCAN_INTERVAL_MS, SCAN_WARNING_MS } from '../../../shared/constants';
import { SCAN_ONLY_MESSAGE, isManualEnter } from '../../../shared/validation';
import { callApi } from '../api';
import { useDeviceKind } from '../device';
import { cue } from '../feedback';
import { useSession } from '../use-session';
import { toast } from '../toast';
import { MAX_SCAN_LENGTH, SCAN_CONF_KEYS, ScanRecorder, parseScanSettings, type ScanEntry, type ScanSettings, type ScanSuffix } from './scan-timing';

/** The warehouse's scan-interval settings; the §9 defaults until (or unless) they are read. */
export const scanSettingsQuery = () => queryOptions({
  queryKey: ['config', 'scanSettings'],
  queryFn: async ({ signal }) =>
    parseScanSettings((await callApi(contract.getConfList, { conf_key: [...SCAN_CONF_KEYS] }, { signal, quiet: true })).conf_list),
  staleTime: 10 * 60_000,
});
const DEFAULT_SETTINGS: ScanSettings = { intervalMs: SCAN_INTERVAL_MS, exemptPermission: null };

/** Why a scan field refused an entry before the screen saw it. */
export type ScanRefusal = 'paste' | 'drop' | 'slow-enter';

/**
 * What the screen made of a scan: accepted (default cue `scan.accepted`) or refused (default
 * `scan.refused`, and `message` shown as an error). `node` picks another notification node,
 * `say` is the spoken prompt. Return 'handled' when the screen gives its own feedback.
 */
export interface ScanVerdict {
  ok: boolean;
  node?: string;
  say?: string;
  message?: string;
}

export interface ScanInputOptions {
  /** A complete entry (ended by Enter or Tab). Runs synchronously: feedback follows at once. */
  onScan(entry: ScanEntry): ScanVerdict | 'handled' | void;
  /** spec §5 scan-only: paste, drop and a late Enter are refused. Default true. */
  scanOnly?: boolean;
  /** Told of every refusal (the scanner check page lists them). */
  onRefused?(reason: ScanRefusal, entry?: ScanEntry): void;
  /** Operator shell: take the focus back whenever it drops to nothing. Default true. */
  keepFocus?: boolean;
  /** A Tab after a value ends the entry, for scanners set to a Tab suffix. Default true. */
  tabSuffix?: boolean;
}

/** Name of the performance measure from the suffix key to the frame showing the feedback (bench). */
export const SCAN_FEEDBACK_MEASURE = 'tally:scan-feedback';

const WARNING_ID = 'tally-scan-only';

/** True when a dialog or menu is open: the scan field must not steal its focus. */
/**
 * A dialog, menu or option list is showing (the focus belongs to it). Only shown ones count: Mantine
 * keeps a select's closed option list, and a closed drawer's contents, in the page, hidden.
 */
const overlayOpen = () => [...document.querySelectorAll<HTMLElement>('[role="dialog"], [role="menu"], [role="listbox"]')]
  .some((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden');

/**
 * The field's value as the scan field keeps it (`valueRef`) and shows it. Keys appended by
 * onKeyDown reach the DOM once a frame: setting an input's value runs the browser's editing
 * machinery (a layout, the selection), as costly as typing into it, and a wedge burst's Enter
 * would wait behind one of those per character.
 */
function useFieldValue(inputRef: RefObject<HTMLInputElement | null>, valueRef: RefObject<string>, recorder: RefObject<ScanRecorder>) {
  const shownFrame = useRef<number | null>(null);
  /** Shows the value now (before the browser edits the field itself, or when it is cleared). */
  const show = useCallback(() => {
    if (shownFrame.current !== null) cancelAnimationFrame(shownFrame.current);
    shownFrame.current = null;
    const field = inputRef.current;
    if (field && field.value !== valueRef.current) field.value = valueRef.current;
  }, [inputRef, valueRef]);
  useEffect(() => () => {
    if (shownFrame.current !== null) cancelAnimationFrame(shownFrame.current);
  }, []);

  const setValue = useCallback((next: string) => {
    valueRef.current = next;
    show();
  }, [show, valueRef]);

  /** Adds `text` at the end of the value, as an input at `at`; shown in the next frame. */
  const append = useCallback((text: string, at: number) => {
    const next = (valueRef.current + text).slice(0, MAX_SCAN_LENGTH);
    recorder.current.change(valueRef.current, next, at);
    valueRef.current = next;
    shownFrame.current ??= requestAnimationFrame(show);
  }, [recorder, show, valueRef]);

  /** Appended keys wait for their frame (the field shows less than the value). */
  const showPending = useCallback(() => shownFrame.current !== null, []);
  return { show, setValue, append, showPending };
}

/**
 * The behaviour of every scan field (DESIGN.md "Scan input"): records each input's time,
 * ends an entry on Enter or Tab, refuses typed, pasted and dropped labels in scan-only fields
 * (spec §5) unless the user holds the exempting permission, classifies each entry, gives the
 * sound/vibration/voice cue, and on PDAs keeps the soft keyboard hidden and the focus here.
 * Uses keydown and input events only (no keypress: some Android browsers never send it) and
 * works with keyCode 229 / "Unidentified" keys, whose text arrives with the input event.
 */
export function useScanInput(options: ScanInputOptions) {
  const { i18n } = useLingui();
  const { perms } = useSession();
  const device = useDeviceKind();
  const settings = useQuery(scanSettingsQuery()).data ?? DEFAULT_SETTINGS;
  const exempt = settings.exemptPermission !== null && perms.has(settings.exemptPermission);
  const scanOnly = (options.scanOnly ?? true) && !exempt;
  const handheld = device !== 'pc';

  const [keyboardOpen, setKeyboardOpen] = useState(false);
  // The field is uncontrolled: a scanner's burst changes only this ref (and the DOM once a
  // frame), so no key re-renders the screen and the Enter is handled at once (the scan-to-feedback figure).
  const valueRef = useRef('');
  const recorder = useRef(new ScanRecorder());
  const inputRef = useRef<HTMLInputElement | null>(null);
  const latest = useRef(options);
  latest.current = options;

  const { show, setValue, append, showPending } = useFieldValue(inputRef, valueRef, recorder);

  const clear = useCallback(() => {
    recorder.current.reset();
    setValue('');
  }, [setValue]);

  const warnManual = useCallback((reason: ScanRefusal, entry?: ScanEntry) => {
    toast.warning(i18n._(SCAN_ONLY_MESSAGE), SCAN_WARNING_MS, undefined, WARNING_ID);
    cue('scan.manual_refused');
    latest.current.onRefused?.(reason, entry);
  }, [i18n]);

  /** Hands an entry to the screen and gives the cue of its verdict. */
  const respond = useCallback((entry: ScanEntry) => {
    const verdict = latest.current.onScan(entry);
    if (verdict === 'handled') return;
    const ok = verdict?.ok ?? true;
    cue(verdict?.node ?? (ok ? 'scan.accepted' : 'scan.refused'), { say: verdict?.say });
    if (verdict?.message) toast.error(verdict.message);
  }, []);

  const complete = useCallback((suffix: ScanSuffix, at: number) => {
    const entry = recorder.current.finish(valueRef.current, suffix, at);
    clear();
    if (scanOnly && isManualEnter(0, entry.suffixGapMs, settings.intervalMs)) warnManual('slow-enter', entry);
    else respond(entry);
    // Measured to the frame that shows the result: the scan-to-feedback figure of the bench.
    requestAnimationFrame(() => performance.measure(SCAN_FEEDBACK_MEASURE, { start: at }));
  }, [clear, respond, scanOnly, settings.intervalMs, warnManual]);

  const onKeyDown = useCallback((e: KeyboardEvent<HTMLInputElement>) => {
    const enter = e.key === 'Enter' || e.keyCode === 13;
    const tab = e.key === 'Tab' && !e.shiftKey && (latest.current.tabSuffix ?? true) && valueRef.current !== '';
    if (enter || tab) {
      e.preventDefault();
      if (valueRef.current !== '') complete(enter ? 'Enter' : 'Tab', e.timeStamp);
      return;
    }
    // Scanners send the GS1 group separator (FNC1) as Ctrl+]; browsers would drop it.
    if (e.ctrlKey && !e.altKey && (e.key === ']' || e.code === 'BracketRight')) {
      e.preventDefault();
      append('\u001d', e.timeStamp);
      return;
    }
    // A character typed at the end of the value (every key of a wedge burst) is appended here
    // rather than by the browser's text editing (keypress, textInput, a layout, input), which
    // costs several times more per key. Edits, IME and keyCode 229 input still go through the
    // input event, on the value shown first.
    const field = e.currentTarget;
    const atEnd = showPending()
      || (field.selectionStart === field.value.length && field.selectionEnd === field.value.length);
    if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey && !e.nativeEvent.isComposing && atEnd) {
      e.preventDefault();
      append(e.key, e.timeStamp);
    } else {
      show();
    }
  }, [append, complete, show, showPending]);

  const onChange = useCallback((e: FormEvent<HTMLInputElement>) => {
    const next = e.currentTarget.value.slice(0, MAX_SCAN_LENGTH);
    recorder.current.change(valueRef.current, next, e.timeStamp);
    setValue(next);
  }, [setValue]);

  // Paste and drop are refused before they change anything; beforeinput catches the
  // context-menu and keyboard-shortcut forms some Android browsers report only there.
  const onPaste = useCallback((e: ClipboardEvent<HTMLInputElement>) => {
    show();
    if (!scanOnly) return;
    e.preventDefault();
    warnManual('paste');
  }, [scanOnly, show, warnManual]);
  const onDrop = useCallback((e: DragEvent<HTMLInputElement>) => {
    show();
    if (!scanOnly) return;
    e.preventDefault();
    warnManual('drop');
  }, [scanOnly, show, warnManual]);
  const onBeforeInput = useCallback((e: FormEvent<HTMLInputElement>) => {
    const type = (e.nativeEvent as InputEvent).inputType;
    if (!scanOnly || (type !== 'insertFromPaste' && type !== 'insertFromDrop')) return;
    e.preventDefault();
    warnManual(type === 'insertFromDrop' ? 'drop' : 'paste');
  }, [scanOnly, warnManual]);

  const keepFocus = (options.keepFocus ?? true) && handheld;
  const onBlur = useCallback(() => {
    if (!keepFocus) return;
    // Wait a frame: the focus has moved by then, and a tap on a button or another field keeps it.
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if ((active === null || active === document.body) && !overlayOpen()) inputRef.current?.focus({ preventScroll: true });
    });
  }, [keepFocus]);
  useEffect(() => {
    if (!keepFocus) return;
    const refocus = () => {
      if (document.visibilityState === 'visible' && !overlayOpen()) inputRef.current?.focus({ preventScroll: true });
    };
    document.addEventListener('visibilitychange', refocus);
    return () => document.removeEventListener('visibilitychange', refocus);
  }, [keepFocus]);

  const toggleKeyboard = useCallback(() => {
    setKeyboardOpen((open) => !open);
    inputRef.current?.focus();
  }, []);

  /** Feeds a value read another way (camera) through the same path as a scanner entry. */
  const submitExternal = useCallback((text: string) => {
    const at = performance.now();
    respond({ value: text, keystrokes: [{ text, at, gap: null }], suffix: 'Enter', totalMs: 0, suffixGapMs: 0, source: 'camera', edited: false });
  }, [respond]);

  return {
    clear,
    exempt,
    handheld,
    keyboardOpen,
    toggleKeyboard,
    submitExternal,
    focus: () => inputRef.current?.focus(),
    inputProps: {
      ref: inputRef,
      defaultValue: '',
      onChange,
      onKeyDown,
      onPaste,
      onDrop,
      onBeforeInput,
      onBlur,
      // PDAs: no soft keyboard over the screen, unless an exempt user opens it to type.
      inputMode: handheld && !keyboardOpen ? ('none' as const) : ('text' as const),
      autoComplete: 'off',
      autoCorrect: 'off',
      autoCapitalize: 'off',
      spellCheck: false,
      enterKeyHint: 'go' as const,
    },
  };
}
