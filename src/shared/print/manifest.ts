import { code128Svg } from './barcode';
import { htmlJob, labelTime, labelWeight } from './document';
import { escapeHtml as e } from './html';
import { DOCUMENT_SIZES, LABEL_SIZES, type PageSize, type PrintJob } from './print-job';

/**
 * The documents of a shipping handover (docs/outbound.md "Shipping"): the manifest the driver signs
 * and, for a group under the one AWB rule, the master AWB label the carrier scans instead of each
 * parcel. Captions are English, as on every label (docs/printing.md).
 */

export interface ManifestParcel {
  tracking_no: string;
  order_no: string;
  qty: number;
  weight_g: number | null;
}

export interface ManifestData {
  shipping_no: string;
  /** "By Courier", "Pallet" or "Bag", as printed. */
  kind_label: string;
  carrier_name: string;
  dock_code: string | null;
  vehicle_no: string | null;
  driver_name: string | null;
  group_code: string | null;
  master_awb: string | null;
  /** Straight to the line haul (bypass TWS: `line_haul_name` when the rule names one), or to the transit warehouse's sorting. */
  line_haul: boolean;
  line_haul_name: string | null;
  /** Where it goes when it is neither the transit warehouse nor a line haul (an RTS shipment: the supplier), printed instead. */
  destination?: string | null;
  warehouse: string;
  parcels: readonly ManifestParcel[];
  /** When it shipped (unix seconds), printed in `time_zone`. */
  shipped_at: number;
  time_zone: string;
}

/** The handover manifest (A4 by default): the handover number as Code 128, where it goes, and a table of its parcels with totals and signatures. */
export function manifestJob(data: ManifestData, size: PageSize = DOCUMENT_SIZES.A4): PrintJob {
  const totalQty = data.parcels.reduce((sum, p) => sum + p.qty, 0);
  const weighed = data.parcels.filter((p) => p.weight_g !== null);
  const totalWeight = weighed.length > 0 ? weighed.reduce((sum, p) => sum + (p.weight_g ?? 0), 0) : null;
  const orders = new Set(data.parcels.map((p) => p.order_no)).size;
  const field = (caption: string, value: string | null) => (value ? `<div><span class="k">${caption}</span> ${e(value)}</div>` : '');
  const route = data.destination ? `RETURN TO ${e(data.destination)}` : data.line_haul
    ? `DIRECT TO LINE HAUL${data.line_haul_name ? ` ${e(data.line_haul_name)}` : ''} — BYPASS TWS`
    : 'TO TRANSIT WAREHOUSE (TWS) SORTING';
  const page = `<header><div><h1>Shipping Manifest</h1>
<div><span class="k">Handover</span> <span class="mono b">${e(data.shipping_no)}</span> · ${e(data.kind_label)}</div>
<div><span class="k">Carrier</span> <span class="b">${e(data.carrier_name)}</span></div>
${field('Warehouse', data.warehouse)}${field('Dock', data.dock_code)}${field('Vehicle', data.vehicle_no)}${field('Driver', data.driver_name)}${field('Pallet/Bag', data.group_code)}
<div><span class="k">Shipped</span> ${e(labelTime(data.shipped_at, data.time_zone))}</div></div>
${code128Svg(data.shipping_no, { maxWidthMm: 80, heightMm: 14, moduleMm: 0.33 })}</header>
<div class="route b" data-route="${data.destination ? 'destination' : data.line_haul ? 'line-haul' : 'tws'}">${route}</div>
${data.master_awb ? `<div class="awb"><span class="k">Master AWB</span> <span class="mono b">${e(data.master_awb)}</span>${code128Svg(data.master_awb, { maxWidthMm: 80, heightMm: 10, moduleMm: 0.33 })}</div>` : ''}
<table><thead><tr><th class="n">#</th><th>Tracking No.</th><th>Order No.</th><th class="q">Qty</th><th class="q">Weight</th></tr></thead><tbody>
${data.parcels.map((p, i) => `<tr><td class="n">${i + 1}</td><td class="mono">${e(p.tracking_no)}</td><td class="mono">${e(p.order_no)}</td><td class="q">${e(p.qty)}</td><td class="q">${e(labelWeight(p.weight_g))}</td></tr>`).join('\n')}
</tbody><tfoot><tr><td></td><td class="b">${data.parcels.length} parcels</td><td class="b">${orders} orders</td><td class="q b">${totalQty}</td><td class="q b">${e(labelWeight(totalWeight))}</td></tr></tfoot></table>
<div class="sign"><div>Handed over by</div><div>Driver (name, signature)</div></div>`;
  const css = `.page{padding:14mm 14mm;font-size:10pt}
header{display:flex;justify-content:space-between;align-items:flex-start;gap:8mm;border-bottom:0.6mm solid #000;padding-bottom:4mm}
h1{font-size:18pt;margin:0 0 2mm}.k{font-size:8pt;text-transform:uppercase;color:#333}
.route{margin:4mm 0;padding:2mm 3mm;border:0.5mm solid #000;font-size:12pt;text-align:center}
.awb{margin:0 0 4mm;display:flex;gap:4mm;align-items:center}
table{width:100%;border-collapse:collapse}th,td{border-bottom:0.2mm solid #999;padding:1.5mm 2mm;text-align:left;vertical-align:top}
thead th{border-bottom:0.5mm solid #000;font-size:9pt}tfoot td{border-top:0.5mm solid #000;border-bottom:none}
tr{break-inside:avoid}.n{width:8mm}.q{width:22mm;text-align:right}
.sign{display:flex;gap:10mm;margin-top:14mm}.sign div{flex:1;border-top:0.3mm solid #000;padding-top:1.5mm;font-size:9pt}`;
  return htmlJob({ kind: 'MANIFEST', confName: 'document', title: `Manifest ${data.shipping_no}`, size, css, pages: [page], fixedPages: false });
}

export interface MasterAwbData {
  master_awb: string;
  carrier_name: string;
  shipping_no: string;
  group_code: string;
  parcel_count: number;
}

/** The master AWB label of a group (100×150 by default): the carrier, the master AWB as a large Code 128, the pallet or bag and its parcel count. */
export function masterAwbJob(data: MasterAwbData, size: PageSize = LABEL_SIZES['100x150']): PrintJob {
  const page = `<div class="m"><div class="k">MASTER AWB · ${e(data.carrier_name)}</div>
${code128Svg(data.master_awb, { maxWidthMm: size.width - 8, heightMm: Math.min(40, size.height / 3), moduleMm: 0.5 })}
<div class="awb mono b">${e(data.master_awb)}</div>
<div>Pallet/Bag <span class="mono b">${e(data.group_code)}</span></div>
<div>Handover <span class="mono">${e(data.shipping_no)}</span></div>
<div class="b">${e(data.parcel_count)} parcels</div></div>`;
  const css = `.m{height:100%;box-sizing:border-box;padding:4mm;display:flex;flex-direction:column;gap:2mm;font-size:11pt}
.k{font-size:10pt;letter-spacing:0.4mm}.awb{font-size:16pt}`;
  return htmlJob({ kind: 'MASTER_AWB', confName: 'label', title: `Master AWB ${data.master_awb}`, size, css, pages: [page], fixedPages: true });
}
