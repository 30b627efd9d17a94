import { describe, expect, it } from 'vitest';
import {
  BarcodeError, CODE_LABEL_SIZE, LABEL_SIZES, PRINT_TYPE, agentUrlAllowed, codeLabelJob, code128Svg, combinePrintJobs, htmlWithCopies, mtLabelJob, packingListJob,
  shippingLabelJob, uidLabelJob, type ShippingLabelData,
} from '.';

const HOSTILE = '<img src=x onerror="alert(1)">&\'';

const shipping: ShippingLabelData = {
  carrier: 'J&T Express', tracking_no: 'JT0012345678MY', order_no: 'SO261129000042', parcel_no: 2, parcel_count: 3, weight_g: 1250,
  sender: { name: 'Tally KL', address: 'Lot 5\nKajang' },
  receiver: { name: HOSTILE, phone: HOSTILE, address: `${HOSTILE}\nline 2` },
  created_at: 1_795_000_000, time_zone: 'Asia/Kuala_Lumpur', service: HOSTILE,
};

/** The text content of every element, as a reader of the page would see it (tags dropped). */
const withoutTags = (html: string) => html.replace(/<[^>]*>/g, '');

describe('shipping label', () => {
  it('is an HTML job on 100×150 mm stock, page sized in mm', () => {
    const job = shippingLabelJob(shipping);
    expect(job).toMatchObject({ print_type: PRINT_TYPE.HTML, conf_name: 'label', width: 100, height: 150, options: { copies: 1, kind: 'SHIPPING_LABEL' } });
    expect(job.print_content).toContain('@page{size:100mm 150mm;margin:0}');
    expect(job.print_content).toContain('.page{width:100mm;height:150mm}');
  });

  it('carries the tracking number as Code 128 and QR, and the order as Code 128', () => {
    const html = shippingLabelJob(shipping).print_content;
    expect(html).toContain('data-barcode="code128" data-barcode-text="JT0012345678MY"');
    expect(html).toContain('data-barcode="qrcode" data-barcode-text="JT0012345678MY"');
    expect(html).toContain('data-barcode="code128" data-barcode-text="SO261129000042"');
    expect(withoutTags(html)).toContain('2/3');
    expect(withoutTags(html)).toContain('1.25 kg');
    // 1_795_000_000 is 2026-11-18 11:06 UTC: 19:06 in Kuala Lumpur.
    expect(withoutTags(html)).toContain('2026-11-18 19:06');
  });

  it('escapes every text it prints', () => {
    const html = shippingLabelJob(shipping).print_content;
    expect(html).not.toContain('<img');
    expect(html).not.toContain('onerror="');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;');
    expect(html).not.toContain('<script');
  });

  it('scales to other stock', () => {
    const job = shippingLabelJob(shipping, LABEL_SIZES['100x100']);
    expect(job.print_content).toContain('@page{size:100mm 100mm;margin:0}');
    expect([job.width, job.height]).toEqual([100, 100]);
  });

  it('refuses a tracking number Code 128 cannot carry', () => {
    expect(() => shippingLabelJob({ ...shipping, tracking_no: 'JT–001' })).toThrow(BarcodeError);
  });
});

describe('packing list', () => {
  it('is an A4 document with the order as Code 128, its lines, totals and parcels', () => {
    const job = packingListJob({
      order_no: 'SO1', external_no: HOSTILE, shop_name: null, sender: shipping.sender, receiver: shipping.receiver,
      lines: [{ sku_id: 'SKU-1', sku_name: HOSTILE, qty: 2 }, { sku_id: 'SKU-2', sku_name: 'Phone', qty: 3 }],
      parcels: [{ parcel_no: 1, tracking_no: 'JT1', weight_g: 800 }, { parcel_no: 2, tracking_no: null, weight_g: 450 }],
      created_at: 1_795_000_000, time_zone: 'UTC',
    });
    expect(job).toMatchObject({ conf_name: 'document', width: 210, height: 297, options: { kind: 'PACKING_LIST' } });
    expect(job.print_content).toContain('data-barcode="code128" data-barcode-text="SO1"');
    const text = withoutTags(job.print_content);
    expect(text).toContain('2 lines');
    expect(text).toMatch(/Total\s*1\.25 kg/);
    expect(text).toContain('Parcels (2)');
    expect(job.print_content).not.toContain('<img');
  });
});

describe('code and UID labels', () => {
  it('prints one page per code, the code as Code 128 and as text', () => {
    const job = codeLabelJob([{ kind: 'CONTAINER', code: 'CT-0001' }, { kind: 'CELL', code: 'A01-01-01-1', caption: HOSTILE }]);
    expect(job).toMatchObject({ width: CODE_LABEL_SIZE.width, height: CODE_LABEL_SIZE.height, options: { kind: 'CODE_LABEL', title: '2 labels' } });
    expect(job.print_content.match(/<section class="page">/g)).toHaveLength(2);
    expect(job.print_content).toContain('data-barcode-text="CT-0001"');
    expect(withoutTags(job.print_content)).toContain('LOCATION');
    expect(job.print_content).not.toContain('<img');
  });

  it('keeps Code 128 within the label and prefers a 0.4 mm module', () => {
    const svg = code128Svg('CT-0001', { maxWidthMm: 56, heightMm: 12 });
    const width = Number(/width="([\d.]+)mm"/.exec(svg)?.[1]);
    expect(width).toBeGreaterThan(30);
    expect(width).toBeLessThanOrEqual(56);
    const long = code128Svg('X'.repeat(60), { maxWidthMm: 56, heightMm: 12 });
    expect(Number(/width="([\d.]+)mm"/.exec(long)?.[1])).toBe(56);
  });

  it('UID labels name their SKU', () => {
    const job = uidLabelJob([{ uid: 'U000000000001', sku_id: 'SKU-1', sku_name: 'Shirt' }]);
    expect(job.options).toMatchObject({ kind: 'UID_LABEL', title: 'UID U000000000001' });
    expect(withoutTags(job.print_content)).toContain('UID · SKU-1');
  });
});

describe('jobs together, copies, agents', () => {
  it('combines the pages of jobs of one kind and paper, under a new title', () => {
    const a = codeLabelJob([{ kind: 'CELL', code: 'A-1' }]);
    const b = codeLabelJob([{ kind: 'CELL', code: 'A-2' }]);
    const both = combinePrintJobs([a, b], '2 labels');
    expect(both.print_content.match(/<section class="page">/g)).toHaveLength(2);
    expect(both.print_content).toContain('<title>2 labels</title>');
    expect(both.options.title).toBe('2 labels');
    expect(() => combinePrintJobs([a, uidLabelJob([{ uid: 'U000000000001', sku_id: 'S', sku_name: 'S' }])], 'x')).toThrow();
  });

  it('repeats the pages for copies on the browser path', () => {
    const job = codeLabelJob([{ kind: 'CELL', code: 'A-1' }]);
    expect(htmlWithCopies({ ...job, options: { ...job.options, copies: 3 } }).match(/<section class="page">/g)).toHaveLength(3);
    expect(htmlWithCopies(job)).toBe(job.print_content);
  });

  it('lets the browser reach an agent on the station, or an allowed origin only', () => {
    expect(agentUrlAllowed('http://localhost:9100/print', [])).toBe(true);
    expect(agentUrlAllowed('https://127.0.0.1:8443/', [])).toBe(true);
    expect(agentUrlAllowed('http://10.1.2.30:9100/print', [])).toBe(false);
    expect(agentUrlAllowed('http://10.1.2.30:9100/print', ['http://10.1.2.30:9100'])).toBe(true);
    expect(agentUrlAllowed('ftp://localhost/', [])).toBe(false);
    expect(agentUrlAllowed('not a url', [])).toBe(false);
  });
});

describe('MT box and pallet labels', () => {
  it('carry the MTB id as Code 128, the destination, the order and what they hold', () => {
    const box = mtLabelJob({ kind: 'BOX', id: 'MTB-7K2Q', orderNo: 'MT261201000001', destWhsId: 'SGSIN1', qty: 12 });
    expect(box).toMatchObject({ conf_name: 'label', width: 60, height: 40, options: { kind: 'CODE_LABEL' } });
    expect(box.print_content).toContain('data-barcode="code128" data-barcode-text="MTB-7K2Q"');
    expect(withoutTags(box.print_content)).toContain('MT BOX → SGSIN1');
    expect(withoutTags(box.print_content)).toContain('MT261201000001 · 12 units');
    const pallet = mtLabelJob({ kind: 'PALLET', id: 'PLT-1', orderNo: HOSTILE, destWhsId: 'SGSIN1', qty: 30, boxCount: 3 }, LABEL_SIZES['100x150']);
    expect(withoutTags(pallet.print_content)).toContain('3 boxes, 30 units');
    expect(pallet.print_content).not.toContain('<img');
  });
});
