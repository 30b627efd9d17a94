/**
 * A print job (spec §3 "Print job"): what the browser's print path or a station's print agent
 * prints. `print_type` 2 is a self-contained HTML document; any other value is a base64 PDF.
 * `width` and `height` are the page in millimetres; `conf_name` names the paper it is for
 * (a label roll or a document tray of the station's print settings).
 */
export interface PrintJob {
  print_content: string;
  conf_name: PrintConfName;
  width: number;
  height: number;
  options: PrintOptions;
  print_type: number;
}

export interface PrintOptions {
  /** Copies of the whole job. */
  copies: number;
  /** What the job prints, for the print log and the agent's queue (`SHIPPING_LABEL`, `CODE_LABEL`…). */
  kind: PrintKind;
  /** The document title (the browser's print dialog, the agent's queue). */
  title: string;
}

export const PRINT_TYPE = { PDF_BASE64: 1, HTML: 2 } as const;

/** Which paper of the station a job goes to: the label roll or the document tray. */
export const PRINT_CONF_NAMES = ['label', 'document'] as const;
export type PrintConfName = (typeof PRINT_CONF_NAMES)[number];

/** What is printed; the print log is searched by it. */
export const PRINT_KINDS = ['SHIPPING_LABEL', 'PACKING_LIST', 'UID_LABEL', 'CODE_LABEL', 'TEST_PAGE', 'MANIFEST', 'MASTER_AWB'] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];

/** Most copies one job prints. */
export const PRINT_COPIES_MAX = 20;

/** A page size in millimetres. */
export interface PageSize {
  width: number;
  height: number;
}

/** Label stock a station may load (width × height, mm): 4×6", 4×4", 4×2" and the small roll sizes. */
export const LABEL_SIZES = {
  '100x150': { width: 100, height: 150 },
  '100x100': { width: 100, height: 100 },
  '100x50': { width: 100, height: 50 },
  '80x50': { width: 80, height: 50 },
  '60x40': { width: 60, height: 40 },
  '50x30': { width: 50, height: 30 },
} as const satisfies Record<string, PageSize>;
export type LabelSize = keyof typeof LABEL_SIZES;
export const LABEL_SIZE_CODES = Object.keys(LABEL_SIZES) as [LabelSize, ...LabelSize[]];

/** Document paper a station may print on. */
export const DOCUMENT_SIZES = {
  A4: { width: 210, height: 297 },
  A5: { width: 148, height: 210 },
  LETTER: { width: 216, height: 279 },
} as const satisfies Record<string, PageSize>;
export type DocumentSize = keyof typeof DOCUMENT_SIZES;
export const DOCUMENT_SIZE_CODES = Object.keys(DOCUMENT_SIZES) as [DocumentSize, ...DocumentSize[]];

/** The shipping label's stock; code and UID labels default to the small roll. */
export const SHIPPING_LABEL_SIZE: PageSize = LABEL_SIZES['100x150'];
export const CODE_LABEL_SIZE: PageSize = LABEL_SIZES['60x40'];

/** How a station prints: through the browser's print dialog, or by sending jobs to a print agent on the LAN. */
export const PRINTER_MODES = ['browser', 'agent'] as const;
export type PrinterMode = (typeof PRINTER_MODES)[number];

/** What printing answers (spec §8: a print failure is retcode -1 with a message). */
export type PrintResult = { retcode: 0 } | { retcode: -1; message: string };
export const PRINT_FAILED = -1;

/**
 * A print agent on the station itself (localhost, any port) is always reachable: the
 * Content-Security-Policy's connect-src lists these, plus the deployment's PRINT_AGENT_ORIGINS.
 */
export const LOCAL_AGENT_SOURCES = ['http://localhost:*', 'http://127.0.0.1:*', 'https://localhost:*', 'https://127.0.0.1:*'] as const;

/** Whether the browser may post jobs to `agentUrl`: a local agent, or one of the allowed origins. */
export function agentUrlAllowed(agentUrl: string, allowedOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(agentUrl);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.hostname === 'localhost' || url.hostname === '127.0.0.1' || allowedOrigins.includes(url.origin);
}
