import { describe, expect, test } from 'vitest';
import { manifestJob, masterAwbJob, type ManifestData } from './manifest';

const data: ManifestData = {
  shipping_no: 'SHMX2LLEEMYJBU', kind_label: 'Bag', carrier_name: 'Ninja <Van>', dock_code: 'DOCK-01', vehicle_no: 'B 9021 KX', driver_name: 'Agus',
  group_code: 'BAG-1', master_awb: 'MSHMX2LLEEMYJBU', line_haul: false, line_haul_name: null, warehouse: 'IDJKT1 Jakarta',
  parcels: [{ tracking_no: 'T1', order_no: 'SO1', qty: 2, weight_g: 500 }, { tracking_no: 'T1-2', order_no: 'SO1', qty: 1, weight_g: null }],
  shipped_at: 1_764_460_800, time_zone: 'Asia/Jakarta',
};

describe('the handover manifest', () => {
  test('an A4 document: the handover number and master AWB as Code 128, where it goes, the parcels with their totals, text escaped', () => {
    const job = manifestJob(data);
    expect(job).toMatchObject({ conf_name: 'document', width: 210, height: 297, options: { kind: 'MANIFEST' } });
    expect(job.print_content).toContain('data-barcode-text="SHMX2LLEEMYJBU"');
    expect(job.print_content).toContain('data-barcode-text="MSHMX2LLEEMYJBU"');
    expect(job.print_content).toContain('TO TRANSIT WAREHOUSE (TWS) SORTING');
    expect(job.print_content).toContain('2 parcels');
    expect(job.print_content).toContain('1 orders');
    expect(job.print_content).toContain('Ninja &lt;Van&gt;');
    expect(job.print_content).not.toContain('<Van>');
    expect(manifestJob({ ...data, line_haul: true, line_haul_name: 'LH North', master_awb: null }).print_content).toContain('DIRECT TO LINE HAUL LH North — BYPASS TWS');
  });

  test('an RTS shipment\'s manifest names the supplier it returns to instead of the route', () => {
    const job = manifestJob({ ...data, destination: 'SUPPLIER SUP1 <Acme>' });
    expect(job.print_content).toContain('RETURN TO SUPPLIER SUP1 &lt;Acme&gt;');
    expect(job.print_content).not.toContain('TO TRANSIT WAREHOUSE');
  });

  test('the master AWB label: 100×150, its Code 128 and the group', () => {
    const job = masterAwbJob({ master_awb: 'MSH1', carrier_name: 'Ninja Van', shipping_no: 'SH1', group_code: 'BAG-1', parcel_count: 12 });
    expect(job).toMatchObject({ conf_name: 'label', width: 100, height: 150, options: { kind: 'MASTER_AWB' } });
    expect(job.print_content).toContain('data-barcode-text="MSH1"');
    expect(job.print_content).toContain('12 parcels');
  });
});
