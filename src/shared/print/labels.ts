import { code128Svg, qrSvg } from './barcode';
import { htmlJob, labelTime, labelWeight } from './document';
import { escapeHtml as e, mm } from './html';
import { CODE_LABEL_SIZE, DOCUMENT_SIZES, SHIPPING_LABEL_SIZE, type PageSize, type PrintJob } from './print-job';

/**
 * The print jobs of the warehouse's labels and documents: pure functions of their data, the same
 * in the browser and on the server. Captions are English: labels are read by carriers and
 * scanners across the nine countries, and a reprint must match the first print whatever the
 * language of the person reprinting (docs/printing.md).
 */

/** A party of a parcel: the warehouse shipping it or the buyer receiving it. */
export interface LabelParty {
  name: string;
  phone?: string | null;
  address: string;
}

/** What a shipping label shows (built by the packing step for each parcel of an order). */
export interface ShippingLabelData {
  /** Carrier name as printed, e.g. "J&T Express". */
  carrier: string;
  /** The carrier's tracking number (AWB): the Code 128 and the QR. */
  tracking_no: string;
  order_no: string;
  /** This parcel's number in the order, from 1, and the order's parcel count. */
  parcel_no: number;
  parcel_count: number;
  weight_g: number | null;
  /** The warehouse (its name and address). */
  sender: LabelParty;
  receiver: LabelParty;
  /** When the label was made: unix seconds, printed in `time_zone` (the warehouse's). */
  created_at: number;
  time_zone: string;
  /** Service level printed under the carrier (Standard, Express…), optional. */
  service?: string | null;
}

/** Lengths of the 100×150 mm design; other stock scales them by the smaller ratio. */
function scaleOf(size: PageSize, design: PageSize): number {
  return Math.min(size.width / design.width, size.height / design.height);
}

const multiline = (text: string) => e(text).replace(/\r?\n/g, '<br>');

/** The shipping label of one parcel: carrier, tracking number as Code 128 and QR, receiver, sender, order, parcel n of m, weight. */
export function shippingLabelJob(data: ShippingLabelData, size: PageSize = SHIPPING_LABEL_SIZE): PrintJob {
  const u = scaleOf(size, SHIPPING_LABEL_SIZE);
  const s = (n: number) => mm(n * u);
  const inner = size.width - 8 * u;
  const page = `<div class="sl">
<div class="row head"><div><div class="carrier b">${e(data.carrier)}</div>${data.service ? `<div class="svc">${e(data.service)}</div>` : ''}</div>
<div class="parcel b">${e(data.parcel_no)}/${e(data.parcel_count)}</div></div>
<div class="track">${code128Svg(data.tracking_no, { maxWidthMm: inner, heightMm: 24 * u })}
<div class="trackno mono b">${e(data.tracking_no)}</div></div>
<div class="party to"><div class="cap b">TO</div><div><div class="name b">${e(data.receiver.name)}${data.receiver.phone ? ` · ${e(data.receiver.phone)}` : ''}</div>
<div class="addr">${multiline(data.receiver.address)}</div></div></div>
<div class="party from"><div class="cap b">FROM</div><div><div class="name">${e(data.sender.name)}${data.sender.phone ? ` · ${e(data.sender.phone)}` : ''}</div>
<div class="addr">${multiline(data.sender.address)}</div></div></div>
<div class="row foot"><div class="facts">
<div><span class="k">Order</span> <span class="mono b">${e(data.order_no)}</span></div>
${code128Svg(data.order_no, { maxWidthMm: inner - 30 * u, heightMm: 9 * u, moduleMm: 0.3 * u })}
<div><span class="k">Parcel</span> ${e(data.parcel_no)} of ${e(data.parcel_count)} · <span class="k">Weight</span> ${e(labelWeight(data.weight_g))}</div>
<div><span class="k">Created</span> ${e(labelTime(data.created_at, data.time_zone))}</div>
</div>${qrSvg(data.tracking_no, 26 * u)}</div>
</div>`;
  const css = `.sl{height:100%;box-sizing:border-box;padding:${s(3)} ${s(4)};display:flex;flex-direction:column;gap:${s(1.5)};font-size:${s(3.2)}}
.row{display:flex;justify-content:space-between;align-items:center}
.head{border-bottom:${s(0.6)} solid #000;padding-bottom:${s(1.5)}}
.carrier{font-size:${s(7)};line-height:1.1}.svc{font-size:${s(3.5)}}
.parcel{font-size:${s(8)};border:${s(0.6)} solid #000;padding:0 ${s(2)}}
.track{display:flex;flex-direction:column;align-items:center;gap:${s(1)}}
.trackno{font-size:${s(5.2)};letter-spacing:${s(0.3)}}
.party{display:flex;gap:${s(2)};border-top:${s(0.3)} solid #000;padding-top:${s(1.5)}}
.cap{font-size:${s(3)};min-width:${s(11)}}
.to .name{font-size:${s(4.6)}}.to .addr{font-size:${s(4)};line-height:1.25;max-height:${s(21)};overflow:hidden}
.from{font-size:${s(2.9)}}.from .addr{max-height:${s(8)};overflow:hidden}
.foot{margin-top:auto;border-top:${s(0.6)} solid #000;padding-top:${s(1.5)};align-items:flex-end}
.facts{display:flex;flex-direction:column;gap:${s(1)}}.k{color:#000;font-size:${s(2.7)};text-transform:uppercase}`;
  return htmlJob({ kind: 'SHIPPING_LABEL', confName: 'label', title: `Shipping label ${data.tracking_no}`, size, css, pages: [page], fixedPages: true });
}

/** What a packing list shows: the order, what is in it, and its parcels. */
export interface PackingListData {
  order_no: string;
  /** The order system's number, printed beside ours when it has one. */
  external_no?: string | null;
  shop_name?: string | null;
  /** The warehouse. */
  sender: LabelParty;
  receiver: LabelParty;
  lines: readonly { sku_id: string; sku_name: string; qty: number }[];
  parcels: readonly { parcel_no: number; tracking_no: string | null; weight_g: number | null }[];
  created_at: number;
  time_zone: string;
}

/** The A4 packing list of an order: order number as Code 128, lines (SKU, name, qty), totals and parcels. */
export function packingListJob(data: PackingListData, size: PageSize = DOCUMENT_SIZES.A4): PrintJob {
  const totalQty = data.lines.reduce((sum, l) => sum + l.qty, 0);
  const weighed = data.parcels.filter((p) => p.weight_g !== null);
  const totalWeight = weighed.length > 0 ? weighed.reduce((sum, p) => sum + (p.weight_g ?? 0), 0) : null;
  const party = (caption: string, p: LabelParty) =>
    `<div class="party"><div class="k">${caption}</div><div class="b">${e(p.name)}</div>${p.phone ? `<div>${e(p.phone)}</div>` : ''}<div>${multiline(p.address)}</div></div>`;
  const page = `<header><div><h1>Packing List</h1>
<div><span class="k">Order</span> <span class="mono b">${e(data.order_no)}</span>${data.external_no ? ` · <span class="k">Ref</span> ${e(data.external_no)}` : ''}${data.shop_name ? ` · ${e(data.shop_name)}` : ''}</div>
<div><span class="k">Date</span> ${e(labelTime(data.created_at, data.time_zone))}</div></div>
${code128Svg(data.order_no, { maxWidthMm: 80, heightMm: 14, moduleMm: 0.33 })}</header>
<div class="parties">${party('Ship from', data.sender)}${party('Ship to', data.receiver)}</div>
<table class="lines"><thead><tr><th class="n">#</th><th>SKU ID</th><th>Name</th><th class="q">Qty</th></tr></thead><tbody>
${data.lines.map((l, i) => `<tr><td class="n">${i + 1}</td><td class="mono">${e(l.sku_id)}</td><td>${e(l.sku_name)}</td><td class="q">${e(l.qty)}</td></tr>`).join('\n')}
</tbody><tfoot><tr><td></td><td class="b">${data.lines.length} lines</td><td></td><td class="q b">${totalQty}</td></tr></tfoot></table>
<h2>Parcels (${data.parcels.length})</h2>
<table class="parcels"><thead><tr><th class="n">#</th><th>Tracking No.</th><th class="q">Weight</th></tr></thead><tbody>
${data.parcels.map((p) => `<tr><td class="n">${e(p.parcel_no)}</td><td class="mono">${e(p.tracking_no ?? '—')}</td><td class="q">${e(labelWeight(p.weight_g))}</td></tr>`).join('\n')}
</tbody><tfoot><tr><td></td><td class="b">Total</td><td class="q b">${e(labelWeight(totalWeight))}</td></tr></tfoot></table>`;
  const css = `.page{padding:14mm 14mm;font-size:10pt}
header{display:flex;justify-content:space-between;align-items:flex-start;gap:8mm;border-bottom:0.6mm solid #000;padding-bottom:4mm}
h1{font-size:18pt;margin:0 0 2mm}h2{font-size:12pt;margin:6mm 0 2mm}
.parties{display:flex;gap:10mm;margin:5mm 0}.party{flex:1}
.k{font-size:8pt;text-transform:uppercase;color:#333}
table{width:100%;border-collapse:collapse}th,td{border-bottom:0.2mm solid #999;padding:1.5mm 2mm;text-align:left;vertical-align:top}
thead th{border-bottom:0.5mm solid #000;font-size:9pt}tfoot td{border-top:0.5mm solid #000;border-bottom:none}
tr{break-inside:avoid}.n{width:8mm}.q{width:22mm;text-align:right}`;
  return htmlJob({ kind: 'PACKING_LIST', confName: 'document', title: `Packing list ${data.order_no}`, size, css, pages: [page], fixedPages: false });
}

/** What a code label is of: a location (cell), a container, or a SKU. */
export type CodeLabelKind = 'CELL' | 'CONTAINER' | 'SKU';

export interface CodeLabel {
  kind: CodeLabelKind;
  code: string;
  /** A second line under the code (a SKU's name, a container's type). */
  caption?: string | null;
}

const KIND_CAPTIONS: Record<CodeLabelKind, string> = { CELL: 'LOCATION', CONTAINER: 'CONTAINER', SKU: 'SKU' };

/** The page of one code label: its kind, the code as Code 128, the code in large text, a caption. */
function codePage(kind: string, code: string, caption: string | null | undefined, size: PageSize): string {
  const u = scaleOf(size, CODE_LABEL_SIZE);
  const barHeight = Math.max(8, size.height - 22 * u);
  return `<div class="cl"><div class="kind b">${e(kind)}</div>
${code128Svg(code, { maxWidthMm: size.width - 4 * u, heightMm: barHeight, moduleMm: Math.max(0.25, 0.4 * u) })}
<div class="code mono b">${e(code)}</div>${caption ? `<div class="cap">${e(caption)}</div>` : ''}</div>`;
}

function codeCss(size: PageSize): string {
  const u = scaleOf(size, CODE_LABEL_SIZE);
  const s = (n: number) => mm(n * u);
  return `.cl{height:100%;box-sizing:border-box;padding:${s(2)};display:flex;flex-direction:column;align-items:center;justify-content:space-between}
.kind{font-size:${s(2.6)};letter-spacing:${s(0.4)};align-self:flex-start}
.code{font-size:${s(5)};line-height:1.1;text-align:center;word-break:break-all}
.cap{font-size:${s(2.6)};max-width:100%;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}`;
}

/** Location, container and SKU labels, one page each on the label stock (60×40 mm by default). */
export function codeLabelJob(labels: readonly CodeLabel[], size: PageSize = CODE_LABEL_SIZE): PrintJob {
  if (labels.length === 0) throw new Error('codeLabelJob needs at least one label');
  const first = labels[0]!;
  return htmlJob({
    kind: 'CODE_LABEL', confName: 'label', size, css: codeCss(size), fixedPages: true,
    title: labels.length === 1 ? `${KIND_CAPTIONS[first.kind]} ${first.code}` : `${labels.length} labels`,
    pages: labels.map((l) => codePage(KIND_CAPTIONS[l.kind], l.code, l.caption, size)),
  });
}

/** An MT box or pallet (its MTB id), what it holds and where it goes: the destination scans the id at arrival. */
export interface MtLabel {
  kind: 'BOX' | 'PALLET';
  id: string;
  orderNo: string;
  destWhsId: string;
  qty: number;
  /** A pallet's boxes. */
  boxCount?: number;
}

/** An MT box or pallet label, one page on the label stock: the id as Code 128, the destination, the order and what it holds. */
export function mtLabelJob(label: MtLabel, size: PageSize = CODE_LABEL_SIZE): PrintJob {
  const holds = label.kind === 'PALLET' ? `${label.boxCount ?? 0} boxes, ${label.qty} units` : `${label.qty} units`;
  return htmlJob({
    kind: 'CODE_LABEL', confName: 'label', size, css: codeCss(size), fixedPages: true,
    title: `MT ${label.kind} ${label.id}`,
    pages: [codePage(`MT ${label.kind} → ${label.destWhsId}`, label.id, `${label.orderNo} · ${holds}`, size)],
  });
}

/** One unit's unique id (UID) and its SKU. */
export interface UidLabel {
  uid: string;
  sku_id: string;
  sku_name: string;
}

/** UID labels, one page each: the UID as Code 128 and its SKU. */
export function uidLabelJob(labels: readonly UidLabel[], size: PageSize = CODE_LABEL_SIZE): PrintJob {
  if (labels.length === 0) throw new Error('uidLabelJob needs at least one label');
  return htmlJob({
    kind: 'UID_LABEL', confName: 'label', size, css: codeCss(size), fixedPages: true,
    title: labels.length === 1 ? `UID ${labels[0]!.uid}` : `${labels.length} UID labels`,
    pages: labels.map((l) => codePage(`UID · ${l.sku_id}`, l.uid, l.sku_name, size)),
  });
}

/** The test page of a station's print settings: a code label naming the station and the paper it was set for. */
export function testPageJob(stationId: string, size: PageSize): PrintJob {
  return htmlJob({
    kind: 'TEST_PAGE', confName: 'label', size, css: codeCss(size), fixedPages: true, title: `Test page ${stationId}`,
    pages: [codePage('TEST PAGE', `TEST-${stationId}`, `${size.width}×${size.height} mm`, size)],
  });
}
