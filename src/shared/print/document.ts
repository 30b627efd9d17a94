import { escapeHtml, mm } from './html';
import { PRINT_TYPE, type PageSize, type PrintConfName, type PrintJob, type PrintKind } from './print-job';

/**
 * The HTML document of a print job: one `<section class="page">` per label (fixed to the stock's
 * size, a page break after each) or a flowing document page. Self-contained: inline styles and
 * SVG, no script, no external resource, so the browser's print path, a print agent and a reprint
 * months later all print the same thing.
 */

const BASE_CSS = `html,body{margin:0;padding:0;background:#fff;color:#000}
body{font-family:Arial,Helvetica,"Noto Sans","Noto Sans CJK SC","Noto Sans Thai",sans-serif;-webkit-print-color-adjust:exact;print-color-adjust:exact}
svg{display:block}
.page{box-sizing:border-box;overflow:hidden;position:relative;break-after:page;page-break-after:always}
.page:last-child{break-after:auto;page-break-after:auto}
.mono{font-family:"DejaVu Sans Mono",Consolas,"Courier New",monospace}
.b{font-weight:700}`;

export interface DocumentSpec {
  kind: PrintKind;
  confName: PrintConfName;
  title: string;
  size: PageSize;
  /** Styles of this kind of page, after the base ones. */
  css: string;
  /** Each page's inner HTML, already escaped. */
  pages: readonly string[];
  /** Labels: each page is the stock's size. Documents: pages flow (the browser breaks them). */
  fixedPages: boolean;
  copies?: number;
}

export function htmlJob(spec: DocumentSpec): PrintJob {
  const { width, height } = spec.size;
  const pageCss = spec.fixedPages
    ? `.page{width:${mm(width)};height:${mm(height)}}`
    : `.page{width:${mm(width)};min-height:${mm(height)}}`;
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(spec.title)}</title><style>
@page{size:${mm(width)} ${mm(height)};margin:0}
${BASE_CSS}
${pageCss}
${spec.css}
</style></head><body>${spec.pages.map((p) => `<section class="page">${p}</section>`).join('')}</body></html>`;
  return {
    print_content: html,
    conf_name: spec.confName,
    width,
    height,
    options: { copies: spec.copies ?? 1, kind: spec.kind, title: spec.title },
    print_type: PRINT_TYPE.HTML,
  };
}

/** Date and time `unixSeconds` in `timeZone`, as labels print it: 2026-11-29 14:05. */
export function labelTime(unixSeconds: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date(unixSeconds * 1000));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** A weight in grams as labels print it: 1.25 kg, or a dash when unknown. */
export const labelWeight = (grams: number | null | undefined): string =>
  grams === null || grams === undefined ? '—' : `${(Math.round(grams / 10) / 100).toFixed(2)} kg`;

/**
 * One job printing the pages of several HTML jobs of one renderer and paper (each logged on its
 * own, printed together): the first job's head, every job's pages in order.
 */
export function combinePrintJobs(jobs: readonly PrintJob[], title: string): PrintJob {
  const [first] = jobs;
  if (!first) throw new Error('combinePrintJobs needs at least one job');
  if (jobs.length === 1) return first;
  for (const job of jobs) {
    if (job.print_type !== PRINT_TYPE.HTML || job.width !== first.width || job.height !== first.height || job.options.kind !== first.options.kind) {
      throw new Error('combinePrintJobs takes HTML jobs of one kind and paper');
    }
  }
  const bodyOf = (html: string) => html.slice(html.indexOf('<body>') + '<body>'.length, html.lastIndexOf('</body>'));
  const head = first.print_content.slice(0, first.print_content.indexOf('<body>'))
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  return {
    ...first,
    print_content: `${head}<body>${jobs.map((j) => bodyOf(j.print_content)).join('')}</body></html>`,
    options: { ...first.options, title },
  };
}

/** The HTML to print for a job's copies: its pages repeated (the browser's print path cannot be told a copy count). */
export function htmlWithCopies(job: PrintJob): string {
  const copies = Math.max(1, Math.floor(job.options.copies));
  if (copies === 1) return job.print_content;
  const start = job.print_content.indexOf('<body>') + '<body>'.length;
  const end = job.print_content.lastIndexOf('</body>');
  if (start < '<body>'.length || end < start) return job.print_content;
  const body = job.print_content.slice(start, end);
  return job.print_content.slice(0, start) + body.repeat(copies) + job.print_content.slice(end);
}
