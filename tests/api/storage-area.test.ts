import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { RET } from '../../src/shared/retcodes';
import { contract } from '../../src/shared/contract';
import { ALL_PERMISSIONS } from '../../src/shared/permissions';
import { ROUTES } from '../../src/shared/routes/manifest';
import { permOf } from '../../src/shared/routes/derive';

/** Storage Area Setting (spec §2, §3, §7): parks to cells, staging locations, storeys and the zone tree. */
const LOC = '/apps/basic/location';
const STOREY = '/apps/basic/storey';
const SWITCH = '/apps/system/user/switch_user_setting';

interface Page<Row> { list: Row[]; total: number; page_no: number; page_size: number }
interface CellRow {
  location_code: string; zone_id: string; pathway_id: string; status: number; occupancy: number; abc_class: number;
  temperature_zone: number; storey_id: number | null; max_qty: number | null;
}
interface ZoneRow { zone_id: string; zone_name: string; zone_cluster_id: string; status: number; temperature_zone: number; storage_area: number }
interface StoreyRow { storey_id: number; storey_no: number; storey_name: string }

let server: TestServer;
/** Super admin in SGSIN1 (named storeys on). */
let admin: TestClient;
/** Supervisor switched to IDJKT1: another warehouse with the same demo location codes. */
let other: TestClient;

async function switchTo(client: TestClient, whsId: string) {
  expect((await client.post(SWITCH, { type: 'whs', value: whsId })).retcode).toBe(0);
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin@demo.local');
  await switchTo(admin, 'SGSIN1');
  other = await server.login('supervisor@demo.local');
  await switchTo(other, 'IDJKT1');
});
afterAll(async () => {
  await server?.close();
});

const codes = (page: Page<{ location_code: string }>) => page.list.map((r) => r.location_code);

describe('search_cell', () => {
  test('pages through the warehouse\'s 480 cells in location-code order', async () => {
    const first = await admin.get<Page<CellRow>>(`${LOC}/search_cell`);
    expect(first.retcode).toBe(0);
    expect(first.data).toMatchObject({ total: 480, page_no: 1, page_size: 20 });
    expect(codes(first.data)).toEqual([...codes(first.data)].sort());
    expect(first.data.list[0]!.location_code).toBe('A01-01-01-1');
    const second = await admin.get<Page<CellRow>>(`${LOC}/search_cell`, { page_no: 2 });
    expect(second.data.list[0]!.location_code > first.data.list.at(-1)!.location_code).toBe(true);
    const last = await admin.get<Page<CellRow>>(`${LOC}/search_cell`, { page_no: 3, page_size: 200 });
    expect(last.data.list).toHaveLength(80);
    expect(last.data.list.at(-1)!.location_code).toBe('V01-04-05-4');
  });

  test('filters: card codes, zone, pathway, status, ABC, temperature, combined', async () => {
    const card = await admin.get<Page<CellRow>>(`${LOC}/search_cell`, { location_code: 'B01-01-02-1,A01-01-01-2,NOPE' });
    expect(codes(card.data)).toEqual(['A01-01-01-2', 'B01-01-02-1']);
    const zone = await admin.get<Page<CellRow>>(`${LOC}/search_cell`, { zone_id: 'B02', page_size: 100 });
    expect(zone.data.total).toBe(80);
    expect(zone.data.list.every((r) => r.zone_id === 'B02')).toBe(true);
    const pathway = await admin.get<Page<CellRow>>(`${LOC}/search_cell`, { pathway_id: 'A02-03' });
    expect(pathway.data.total).toBe(20);
    const blocked = await admin.get<Page<CellRow>>(`${LOC}/search_cell`, { status: 2, page_size: 200 });
    expect(blocked.data.total).toBeGreaterThan(0);
    expect(blocked.data.list.every((r) => r.status === 2)).toBe(true);
    const chilled = await admin.get<Page<CellRow>>(`${LOC}/search_cell`, { temperature_zone: 2, page_size: 100 });
    expect(chilled.data.total).toBe(80);
    expect(chilled.data.list.every((r) => r.zone_id === 'B01')).toBe(true);
    const fastA = await admin.get<Page<CellRow>>(`${LOC}/search_cell`, { abc_class: 1, zone_id: 'A01', page_size: 100 });
    expect(fastA.data.total).toBe(40);
    expect(fastA.data.list.every((r) => r.abc_class === 1 && r.zone_id === 'A01')).toBe(true);
  });

  test('bad filters are refused with -100400 naming the field', async () => {
    for (const [query, field] of [
      [{ status: 9 }, 'status'], [{ abc_class: 'A' }, 'abc_class'], [{ temperature_zone: -1 }, 'temperature_zone'],
      [{ page_size: 25 }, 'page_size'], [{ sort_by: 'max_qty' }, 'sort_by'], [{ location_code: ' , ' }, 'location_code'],
    ] as const) {
      const res = await admin.get(`${LOC}/search_cell`, query);
      expect(res.retcode, JSON.stringify(query)).toBe(RET.BAD_INPUT);
      expect(res.message).toContain(field);
    }
  });

  test('get_cell_detail: a cell of the warehouse, else -100404', async () => {
    const res = await admin.get<CellRow>(`${LOC}/get_cell_detail`, { location_code: 'C01-02-03-4' });
    expect(res.data).toMatchObject({ location_code: 'C01-02-03-4', zone_id: 'C01', pathway_id: 'C01-02' });
    expect((await admin.get(`${LOC}/get_cell_detail`, { location_code: 'Z99-01-01-1' })).retcode).toBe(RET.NOT_FOUND);
  });
});

describe('update_cell', () => {
  test('changes the storage settings; occupancy follows the stock and is not taken', async () => {
    const before = await admin.get<CellRow>(`${LOC}/get_cell_detail`, { location_code: 'A01-01-02-1' });
    const res = await admin.post<CellRow>(`${LOC}/update_cell`, { location_code: 'A01-01-02-1', abc_class: 4, status: 3, max_qty: 150, occupancy: 2 });
    expect(res.retcode).toBe(0);
    expect(res.data).toMatchObject({ abc_class: 4, status: 3, max_qty: 150, occupancy: before.data.occupancy });
    expect((await admin.get<CellRow>(`${LOC}/get_cell_detail`, { location_code: 'A01-01-02-1' })).data.abc_class).toBe(4);
  });

  test('validation: unknown storey, bad codes, out-of-range quantity, missing key; unknown cell -100404', async () => {
    for (const [body, field] of [
      [{ location_code: 'A01-01-02-1', storey_id: 999999 }, 'storey_id'],
      [{ location_code: 'A01-01-02-1', status: 7 }, 'status'],
      [{ location_code: 'A01-01-02-1', max_qty: 100000 }, 'max_qty'],
      [{ location_code: 'A01-01-02-1', unit_type: 'crate' }, 'unit_type'],
      [{ abc_class: 1 }, 'location_code'],
    ] as const) {
      const res = await admin.post(`${LOC}/update_cell`, body);
      expect(res.retcode, JSON.stringify(body)).toBe(RET.BAD_INPUT);
      expect(res.message).toContain(field);
    }
    expect((await admin.post(`${LOC}/update_cell`, { location_code: 'Z99-01-01-1', abc_class: 1 })).retcode).toBe(RET.NOT_FOUND);
  });
});

describe('zones', () => {
  test('search_zone filters by storage area and temperature; detail by id', async () => {
    const all = await admin.get<Page<ZoneRow>>(`${LOC}/search_zone`);
    expect(all.data.list.map((z) => z.zone_id)).toEqual(['A01', 'A02', 'B01', 'B02', 'C01', 'V01']);
    const picking = await admin.get<Page<ZoneRow>>(`${LOC}/search_zone`, { storage_area: 1 });
    expect(picking.data.list.map((z) => z.zone_id)).toEqual(['A01', 'A02']);
    const frozen = await admin.get<Page<ZoneRow>>(`${LOC}/search_zone`, { temperature_zone: 3 });
    expect(frozen.data.list.map((z) => z.zone_id)).toEqual(['B02']);
    const detail = await admin.get<ZoneRow>(`${LOC}/get_zone_detail`, { zone_id: 'B01' });
    expect(detail.data).toMatchObject({ zone_id: 'B01', zone_cluster_id: 'ZC-COLD', temperature_zone: 2 });
  });

  test('create_zone adds a zone; unknown cluster or logic area, bad id or missing field is -100400, a taken id -100411', async () => {
    const zone = {
      zone_id: 'D01', zone_name: 'Returns Buffer', zone_cluster_id: 'ZC-AMB', logic_area_id: 'LA-FAST',
      storage_area: 2, rack_type: 5, temperature_zone: 0, status: 1, sku_mixing: 1, supplier_mixing: 2,
    };
    const created = await admin.post<ZoneRow>(`${LOC}/create_zone`, { ...zone, zone_name: '  Returns Buffer ' });
    expect(created.retcode).toBe(0);
    expect(created.data).toMatchObject({ zone_id: 'D01', zone_name: 'Returns Buffer', storage_area: 2 });
    const taken = await admin.post(`${LOC}/create_zone`, zone);
    expect(taken.retcode).toBe(RET.DUPLICATE);
    expect(taken.message).toContain('D01');
    for (const [body, field] of [
      [{ ...zone, zone_id: 'D02', zone_cluster_id: 'ZC-NONE' }, 'zone_cluster_id'],
      [{ ...zone, zone_id: 'D02', logic_area_id: 'LA-NONE' }, 'logic_area_id'],
      [{ ...zone, zone_id: 'D 02' }, 'zone_id'],
      [{ ...zone, zone_id: 'D02', zone_name: '   ' }, 'zone_name'],
      [{ ...zone, zone_id: 'D02', rack_type: 9 }, 'rack_type'],
      [{ ...zone, zone_id: 'D02', temperature_zone: undefined }, 'temperature_zone'],
    ] as const) {
      const res = await admin.post(`${LOC}/create_zone`, body);
      expect(res.retcode, JSON.stringify(body)).toBe(RET.BAD_INPUT);
      expect(res.message).toContain(field);
    }
    // Nothing was created by the refused calls.
    expect((await admin.get(`${LOC}/get_zone_detail`, { zone_id: 'D02' })).retcode).toBe(RET.NOT_FOUND);
  });

  test('update_zone changes settings, keeps the id; unknown zone -100404, bad values -100400', async () => {
    const res = await admin.post<ZoneRow>(`${LOC}/update_zone`, { zone_id: 'C01', zone_name: 'Bulk Floor East', status: 2, temperature_zone: 1 });
    expect(res.retcode).toBe(0);
    expect(res.data).toMatchObject({ zone_id: 'C01', zone_name: 'Bulk Floor East', status: 2, temperature_zone: 1, zone_cluster_id: 'ZC-BULK' });
    expect((await admin.post(`${LOC}/update_zone`, { zone_id: 'NOPE', status: 1 })).retcode).toBe(RET.NOT_FOUND);
    const bad = await admin.post(`${LOC}/update_zone`, { zone_id: 'C01', zone_name: '' });
    expect(bad.retcode).toBe(RET.BAD_INPUT);
    expect(bad.message).toContain('zone_name');
    const badRef = await admin.post(`${LOC}/update_zone`, { zone_id: 'C01', zone_cluster_id: 'ZC-NONE' });
    expect(badRef.retcode).toBe(RET.BAD_INPUT);
    expect((await admin.get<ZoneRow>(`${LOC}/get_zone_detail`, { zone_id: 'C01' })).data.zone_cluster_id).toBe('ZC-BULK');
  });

  test('a blank logic area is refused on the field and changes nothing; null clears it', async () => {
    const before = (await admin.get<ZoneRow & { logic_area_id: string | null }>(`${LOC}/get_zone_detail`, { zone_id: 'A01' })).data;
    for (const blank of ['', '   ']) {
      const res = await admin.post(`${LOC}/update_zone`, { zone_id: 'A01', logic_area_id: blank });
      expect(res.retcode).toBe(RET.BAD_INPUT);
      expect(res.data.issues[0].path).toBe('logic_area_id');
    }
    expect((await admin.get(`${LOC}/get_zone_detail`, { zone_id: 'A01' })).data).toEqual(before);
    expect((await admin.post(`${LOC}/update_zone`, { zone_id: 'A01', logic_area_id: null })).data.logic_area_id).toBeNull();
  });
});

describe('pathways, parks, clusters, logic areas, staging locations', () => {
  test('search_pathway by zone; update_pathway', async () => {
    const res = await admin.get<Page<{ pathway_id: string; zone_id: string }>>(`${LOC}/search_pathway`, { zone_id: 'A02' });
    expect(res.data.list.map((p) => p.pathway_id)).toEqual(['A02-01', 'A02-02', 'A02-03', 'A02-04']);
    const saved = await admin.post(`${LOC}/update_pathway`, { pathway_id: 'A02-04', status: 1, pick_sequence: 7, remark: 'reopened' });
    expect(saved.data).toMatchObject({ pathway_id: 'A02-04', zone_id: 'A02', status: 1, pick_sequence: 7, remark: 'reopened' });
    expect((await admin.post(`${LOC}/update_pathway`, { pathway_id: 'A02-04', pick_sequence: -1 })).retcode).toBe(RET.BAD_INPUT);
  });

  test('parks, zone clusters with their sector, logic areas', async () => {
    expect((await admin.get<Page<{ park_id: string }>>(`${LOC}/search_park`)).data.list.map((p) => p.park_id)).toEqual(['P1', 'P2']);
    const clusters = await admin.get<Page<{ zone_cluster_id: string; park_id: string; zone_sector_name: string }>>(`${LOC}/search_zone_cluster`, { park_id: 'P1' });
    expect(clusters.data.list.map((c) => [c.zone_cluster_id, c.zone_sector_name])).toEqual([['ZC-AMB', 'Ambient'], ['ZC-COLD', 'Temperature Controlled']]);
    expect((await admin.get<Page<unknown>>(`${LOC}/search_logic_area`)).data.total).toBe(3);
  });

  test('each staging tab lists its own locations, two of every staging type', async () => {
    const inbound = await admin.get<Page<{ staging_type: number }>>(`${LOC}/search_inbound_staging_location`, { page_size: 50 });
    expect(inbound.data.total).toBe(16);
    expect(new Set(inbound.data.list.map((r) => r.staging_type))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8]));
    const qc = await admin.get<Page<{ location_code: string }>>(`${LOC}/search_inbound_staging_location`, { staging_type: 2 });
    expect(codes(qc.data)).toEqual(['IB-QC-01', 'IB-QC-02']);
    expect((await admin.get<Page<unknown>>(`${LOC}/search_outbound_staging_location`)).data.total).toBe(8);
    expect((await admin.get<Page<unknown>>(`${LOC}/search_rt_staging_location`)).data.total).toBe(10);
    // An outbound type is not an inbound staging type.
    expect((await admin.get(`${LOC}/search_inbound_staging_location`, { staging_type: 13 })).retcode).toBe(RET.BAD_INPUT);
  });

  test('get_park_zone_tree: park › sector › cluster › zone; clusters only with park_data_type 0', async () => {
    const tree = await admin.get<{ list: { park_id: string; sector_list: { zone_sector_id: string; zone_cluster_list: { zone_cluster_id: string; zone_list: { zone_id: string }[] }[] }[] }[] }>(
      `${LOC}/get_park_zone_tree`, { park_data_type: 1 });
    expect(tree.retcode).toBe(0);
    const [main, annex] = tree.data.list;
    expect(main!.park_id).toBe('P1');
    expect(main!.sector_list.map((s) => s.zone_sector_id)).toEqual(['SEC-1', 'SEC-2']);
    expect(main!.sector_list[1]!.zone_cluster_list[0]!.zone_list.map((z) => z.zone_id)).toEqual(['B01', 'B02']);
    expect(annex!.sector_list[0]!.zone_cluster_list[0]).toMatchObject({ zone_cluster_id: 'ZC-BULK' });
    const clustersOnly = await admin.get<typeof tree.data>(`${LOC}/get_park_zone_tree`, { park_data_type: 0 });
    expect(clustersOnly.data.list[0]!.sector_list[0]!.zone_cluster_list[0]!.zone_list).toEqual([]);
    expect((await admin.get(`${LOC}/get_park_zone_tree`, { park_data_type: 5 })).retcode).toBe(RET.BAD_INPUT);
  });
});

describe('storeys', () => {
  test('name setup, search, create, update, delete; a storey cells are on is not deleted', async () => {
    expect((await admin.get(`${STOREY}/get_whs_storey_name_setup`)).data).toEqual({ storey_name_setup: 1 });
    const list = await admin.get<Page<StoreyRow>>(`${STOREY}/search_storey`);
    expect(list.data.list.map((s) => [s.storey_no, s.storey_name])).toEqual([[1, 'Ground Floor'], [2, 'Mezzanine']]);

    const created = await admin.post<StoreyRow>(`${STOREY}/create_storey`, { storey_no: 3, storey_name: 'Roof Deck' });
    expect(created.retcode).toBe(0);
    expect(created.data).toMatchObject({ storey_no: 3, storey_name: 'Roof Deck' });
    for (const [body, field] of [
      [{ storey_no: 3, storey_name: 'Another' }, 'storey_no'],
      [{ storey_no: 4, storey_name: 'mezzanine' }, 'storey_name'],
      [{ storey_no: 0, storey_name: 'Basement' }, 'storey_no'],
      [{ storey_no: 4 }, 'storey_name'],
    ] as const) {
      const res = await admin.post(`${STOREY}/create_storey`, body);
      expect(res.retcode, JSON.stringify(body)).toBe(RET.BAD_INPUT);
      expect(res.message).toContain(field);
    }
    const renamed = await admin.post<StoreyRow>(`${STOREY}/update_storey`, { storey_id: created.data.storey_id, storey_name: 'Rooftop' });
    expect(renamed.data).toMatchObject({ storey_id: created.data.storey_id, storey_no: 3, storey_name: 'Rooftop' });
    expect((await admin.post(`${STOREY}/update_storey`, { storey_id: created.data.storey_id, storey_no: 1 })).retcode).toBe(RET.BAD_INPUT);

    const ground = list.data.list[0]!;
    const refused = await admin.post(`${STOREY}/delete_storey`, { storey_id: ground.storey_id });
    expect(refused.retcode).toBe(RET.BAD_INPUT);
    expect(refused.message).toMatch(/used by \d+ cells/);
    expect((await admin.get<Page<StoreyRow>>(`${STOREY}/search_storey`)).data.total).toBe(3);

    expect((await admin.post(`${STOREY}/delete_storey`, { storey_id: created.data.storey_id })).retcode).toBe(0);
    expect((await admin.post(`${STOREY}/delete_storey`, { storey_id: created.data.storey_id })).retcode).toBe(RET.NOT_FOUND);
  });

  test('a cell can be moved to another storey of the warehouse', async () => {
    const mezzanine = (await admin.get<Page<StoreyRow>>(`${STOREY}/search_storey`, { storey_no: 2 })).data.list[0]!;
    const res = await admin.post<CellRow>(`${LOC}/update_cell`, { location_code: 'B01-01-01-1', storey_id: mezzanine.storey_id });
    expect(res.data.storey_id).toBe(mezzanine.storey_id);
  });

  test('without storey_name_setup storeys are listed but not changed', async () => {
    const vn = await server.login('admin@demo.local');
    await switchTo(vn, 'VNHCM1');
    expect((await vn.get(`${STOREY}/get_whs_storey_name_setup`)).data).toEqual({ storey_name_setup: 0 });
    expect((await vn.get<Page<StoreyRow>>(`${STOREY}/search_storey`)).data.total).toBe(2);
    const res = await vn.post(`${STOREY}/create_storey`, { storey_no: 5, storey_name: 'Level 5' });
    expect(res.retcode).toBe(RET.BAD_INPUT);
    expect(res.message).toContain('storey_name_setup');
  });
});

describe('access', () => {
  test('each call needs the permission the route manifest gives its page', () => {
    const pagePerm = (path: string) => ({ perm: permOf(ROUTES.find((r) => r.path === path)!) });
    const expected: Record<string, string> = {
      searchPark: '/wmsbasic/park', searchZoneCluster: '/wmsbasic/zonecluster', searchLogicArea: '/wmsbasic/logicArea',
      searchInboundStagingLocation: '/wmsbasic/inboundStagingLocation', searchOutboundStagingLocation: '/wmsbasic/outboundStagingLocation',
      searchRtStagingLocation: '/wmsbasic/rtStagingLocation', searchZone: '/wmsbasic/zone', getZoneDetail: '/wmsbasic/zone/detail',
      createZone: '/wmsbasic/zone/create', updateZone: '/wmsbasic/zone/edit', searchPathway: '/wmsbasic/pathway',
      getPathwayDetail: '/wmsbasic/pathway/detail', updatePathway: '/wmsbasic/pathway/edit', searchCell: '/wmsbasic/cell',
      getCellDetail: '/wmsbasic/cell/detail', updateCell: '/wmsbasic/cell/edit', searchStorey: '/wmsbasic/storey',
      searchWhsPlanning: '/wmsbasic/whsplanning', getWhsPlanningDetail: '/wmsbasic/whsplanning/detail',
      createWhsPlanning: '/wmsbasic/whsplanning/create', updateWhsPlanning: '/wmsbasic/whsplanning/edit',
    };
    for (const [name, path] of Object.entries(expected)) expect(contract[name as keyof typeof contract].access, name).toEqual(pagePerm(path));
    // The Storey tab changes storeys in dialogs: each change has its action permission (shared/permissions.ts).
    for (const [name, verb] of [['createStorey', 'Create'], ['updateStorey', 'Edit'], ['deleteStorey', 'Delete']] as const) {
      expect(contract[name].access, name).toEqual({ perm: `PC.WMSBasic.StorageAreaSetting.Storey.${verb}` });
      expect(ALL_PERMISSIONS, name).toContain(`PC.WMSBasic.StorageAreaSetting.Storey.${verb}`);
    }
  });

  test('an operator without the storage-area permissions is refused every call', async () => {
    const operator = await server.login('operator@demo.local');
    for (const [method, path, body] of [
      ['GET', `${LOC}/search_cell`, {}], ['GET', `${LOC}/get_zone_detail`, { zone_id: 'A01' }], ['GET', `${LOC}/search_park`, {}],
      ['POST', `${LOC}/update_zone`, { zone_id: 'A01', status: 2 }], ['POST', `${LOC}/update_cell`, { location_code: 'A01-01-01-1', status: 2 }],
      ['GET', `${STOREY}/search_storey`, {}], ['POST', `${STOREY}/delete_storey`, { storey_id: 1 }],
    ] as const) {
      const res = await operator.request(method, path, body);
      expect(res.retcode, path).toBe(RET.PERMISSION_DENIED);
    }
    expect((await operator.get(`${LOC}/get_zone_detail`, { zone_id: 'A01' })).retcode).toBe(RET.PERMISSION_DENIED);
    expect((await server.client().get(`${LOC}/search_cell`)).retcode).toBe(RET.NOT_LOGGED_IN);
  });

  test('warehouses never see or change each other\'s locations', async () => {
    await admin.post(`${LOC}/update_cell`, { location_code: 'A01-01-03-1', abc_class: 5 });
    expect((await other.get<CellRow>(`${LOC}/get_cell_detail`, { location_code: 'A01-01-03-1' })).data.abc_class).not.toBe(5);
    expect((await other.get(`${LOC}/get_zone_detail`, { zone_id: 'D01' })).retcode).toBe(RET.NOT_FOUND);
    expect((await other.get<Page<unknown>>(`${LOC}/search_zone`, { zone_id: 'D01' })).data.total).toBe(0);
    expect((await other.get<Page<unknown>>(`${LOC}/search_cell`)).data.total).toBe(480);
    // IDJKT1 has no annex park: its zones cannot join SGSIN1's P2 clusters, and its storeys are its own.
    expect((await other.get<Page<{ park_id: string }>>(`${LOC}/search_park`)).data.list.map((p) => p.park_id)).toEqual(['P1']);
    const sgStoreys = (await admin.get<Page<StoreyRow>>(`${STOREY}/search_storey`)).data.list.map((s) => s.storey_id);
    const res = await other.post(`${LOC}/update_cell`, { location_code: 'A01-01-01-1', storey_id: sgStoreys[0] });
    expect(res.retcode).toBe(RET.BAD_INPUT);
    expect((await other.post(`${STOREY}/delete_storey`, { storey_id: sgStoreys[0] })).retcode).toBe(RET.NOT_FOUND);
  });
});
