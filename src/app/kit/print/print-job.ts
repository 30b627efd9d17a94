import { t } from '@lingui/core/macro';
import { htmlWithCopies } from '../../../shared/print/document';
import { PRINT_FAILED, PRINT_TYPE, type PrintJob, type PrintResult, type PrinterMode } from '../../../shared/print/print-job';

/**
 * Printing a job of spec §3 (docs/printing.md): through the browser's print path (a hidden frame
 * holding the job's HTML, or its PDF from a blob: URL, then `print()`), or, when the station says
 * so, by posting the job to its print agent on the LAN. Never throws: every failure resolves
 * `{ retcode: -1, message }` (spec §8) with a translated message for the caller to toast.
 */

/** What of a station's print settings decides where a job goes. */
export interface PrintTarget {
  printer_mode: PrinterMode;
  agent_url: string | null;
  label_printer: string | null;
  document_printer: string | null;
}

/** How long the frame may take to load a job, and the agent to answer. */
const LOAD_TIMEOUT_MS = 10_000;
const AGENT_TIMEOUT_MS = 10_000;
/** How long the frame stays after print() returned (some browsers print from it after returning). */
const FRAME_LINGER_MS = 60_000;

const failed = (message: string): PrintResult => ({ retcode: PRINT_FAILED, message });

function base64ToBlob(base64: string, type: string): Blob {
  const binary = atob(base64.replace(/^data:[^,]*,/, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** A hidden frame with the job loaded: resolves once loaded, rejects after LOAD_TIMEOUT_MS. */
function loadFrame(job: PrintJob): Promise<{ frame: HTMLIFrameElement; dispose: () => void }> {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.dataset.printJob = job.options.title;
  Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '0', height: '0', border: '0', visibility: 'hidden' });
  let url: string | null = null;
  const dispose = () => {
    frame.remove();
    if (url) URL.revokeObjectURL(url);
  };
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => {
      dispose();
      reject(new Error('timeout'));
    }, LOAD_TIMEOUT_MS);
    frame.addEventListener('load', () => {
      window.clearTimeout(timer);
      resolve({ frame, dispose });
    }, { once: true });
    if (job.print_type === PRINT_TYPE.HTML) {
      frame.srcdoc = htmlWithCopies(job);
    } else {
      url = URL.createObjectURL(base64ToBlob(job.print_content, 'application/pdf'));
      frame.src = url;
    }
    document.body.append(frame);
  });
}

async function printInBrowser(job: PrintJob): Promise<PrintResult> {
  let loaded: Awaited<ReturnType<typeof loadFrame>>;
  try {
    loaded = await loadFrame(job);
  } catch {
    return failed(t`The label could not be prepared for printing. Try again; if it keeps failing, reprint it from the Print Tool.`);
  }
  const { frame, dispose } = loaded;
  try {
    const view = frame.contentWindow;
    if (!view) throw new Error('no window');
    view.focus();
    view.print();
    return { retcode: 0 };
  } catch {
    dispose();
    return failed(t`The browser refused to print. Check that printing is allowed for this site and try again.`);
  } finally {
    // print() returns once the dialog closes (Chromium) or at once (others, printing from the frame after).
    window.setTimeout(dispose, FRAME_LINGER_MS);
  }
}

async function printWithAgent(job: PrintJob, target: PrintTarget): Promise<PrintResult> {
  const agentUrl = target.agent_url ?? '';
  let origin: string;
  try {
    origin = new URL(agentUrl).origin;
  } catch {
    return failed(t`This station prints through a print agent, but its agent URL is not set. Set it in Print Settings.`);
  }
  const printer = job.conf_name === 'document' ? target.document_printer : target.label_printer;
  let response: Response;
  try {
    response = await fetch(agentUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...job, printer: printer ?? null }),
      signal: AbortSignal.timeout(AGENT_TIMEOUT_MS),
      credentials: 'omit',
    });
  } catch {
    return failed(t`The print agent at ${origin} could not be reached. Check that it is running on the station and connected, then try again.`);
  }
  if (!response.ok) {
    const status = response.status;
    return failed(t`The print agent at ${origin} refused the job (HTTP ${status}). Check the printer, then try again.`);
  }
  return { retcode: 0 };
}

/** Prints `job` where the station's settings say (the browser's print dialog without them). */
export async function printJob(job: PrintJob, target?: PrintTarget | null): Promise<PrintResult> {
  if (target?.printer_mode === 'agent') return printWithAgent(job, target);
  return printInBrowser(job);
}
