import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../support/api-harness';
import { writeConf } from '../../src/server/common/conf';
import { containers, pickingTasks, zoneColors, zones } from '../../src/server/db/schema';
import { CONTAINER_TYPE, PICKING_TASK_KIND, RACK_TYPE, STORAGE_AREA, TASK_STATUS, TEMPERATURE_ZONE } from '../../src/shared/codes';
import { FEATURE_FLAGS } from '../../src/shared/permissions';
import { SKU_MIXING, SUPPLIER_MIXING } from '../../src/shared/resources/location-codes';
import { RET } from '../../src/shared/retcodes';

/**
 * Zone colours (Rule Center › Zone Color Config, docs/outbound.md "Rules"): the derived CRUD calls,
 * their refusals, the warehouse and permission checks, the zone_by_color setting that hides them,
 * and the colours the picking claim carries while the setting is on.
 */

const WHS = 'SGSIN1';
const OTHER = 'MYKUL1';
const CALLS = '/apps/rulecenter/zonecolorconfig';
const CLAIM = '/apps/process/outbound/picking/claim_picking_task';
const FLAG = FEATURE_FLAGS.zoneByColor.confKey;

let server: TestServer;
let supervisor: TestClient;
const db = () => server.database.db;
let userCounter = 0;
const newUser = (role: 'Supervisor' | 'Operator') => server.createUser({ email: `zonecolor${++userCounter}@demo.local`, role });

beforeAll(async () => {
  server = await startTestServer();
  // The demo turns zone_by_color on in IDJKT1 (outbound-rules.seed.ts); the tests work in SGSIN1, with its demo colours.
  await writeConf(db(), WHS, FLAG, '1');
  supervisor = await server.login((await newUser('Supervisor')).email);
});
afterAll(async () => {
  await server?.close();
});

let zoneCounter = 0;
/** A zone of the test's own (no colour yet) in `whsId`. */
async function newZone(whsId = WHS): Promise<string> {
  const zoneId = `ZC${++zoneCounter}`;
  await db().insert(zones).values({
    whsId, zoneId, zoneName: `Zone colour test ${zoneId}`, zoneClusterId: 'ZC-AMB', storageArea: STORAGE_AREA.values.PICKING_AREA,
    rackType: RACK_TYPE.values.LIGHT_RACK, temperatureZone: TEMPERATURE_ZONE.values.NORMAL, skuMixing: SKU_MIXING.values.MIX_SKU,
    supplierMixing: SUPPLIER_MIXING.values.MIX,
  });
  return zoneId;
}

/** Frees `color` in the warehouse (the demo gives five zones a colour each; tests take the rest). */
const freeColor = (color: string) => db().delete(zoneColors).where(and(eq(zoneColors.whsId, WHS), eq(zoneColors.color, color)));

describe('zone colour calls (derived from the resource)', () => {
  test('create, detail, list with its filter, update', async () => {
    const zoneId = await newZone();
    await freeColor('red');
    const created = await supervisor.post(`${CALLS}/create_zone_color`, { zone_id: zoneId, color: 'red', remark: 'Returns shelf' });
    expect(created.retcode, created.message).toBe(0);
    expect(created.data).toMatchObject({ zone_id: zoneId, color: 'red', remark: 'Returns shelf' });
    expect(typeof created.data.created_at).toBe('number');

    const detail = await supervisor.get(`${CALLS}/get_zone_color_detail`, { zone_id: zoneId });
    expect(detail.retcode, detail.message).toBe(0);
    expect(detail.data.color).toBe('red');

    const list = await supervisor.get(`${CALLS}/search_zone_color`, { color: 'red', page_size: 50 });
    expect(list.retcode, list.message).toBe(0);
    expect(list.data.list.map((r: { zone_id: string }) => r.zone_id)).toEqual([zoneId]);
    // The demo's zones have their colours (outbound-rules.seed.ts).
    const all = await supervisor.get(`${CALLS}/search_zone_color`, { page_size: 50 });
    expect(all.data.list.find((r: { zone_id: string }) => r.zone_id === 'A01')?.color).toBe('blue');

    await freeColor('grey');
    const updated = await supervisor.post(`${CALLS}/update_zone_color`, { zone_id: zoneId, color: 'grey', remark: null });
    expect(updated.retcode, updated.message).toBe(0);
    expect(updated.data).toMatchObject({ zone_id: zoneId, color: 'grey', remark: null });
    expect(updated.data.updated_at).toBeGreaterThanOrEqual(created.data.updated_at);
    // Saving its own colour again is no clash with itself.
    expect((await supervisor.post(`${CALLS}/update_zone_color`, { zone_id: zoneId, color: 'grey' })).retcode).toBe(0);
  });

  test('refusals: an unknown zone, a zone that has a colour, a colour outside the palette, a colour another zone has', async () => {
    const unknown = await supervisor.post(`${CALLS}/create_zone_color`, { zone_id: 'NO-SUCH-ZONE', color: 'black' });
    expect(unknown.retcode).toBe(RET.BAD_INPUT);
    expect(unknown.data.issues[0].path).toBe('zone_id');

    const twice = await supervisor.post(`${CALLS}/create_zone_color`, { zone_id: 'A01', color: 'black' });
    expect(twice.retcode).toBe(RET.DUPLICATE);
    expect(twice.message).toContain('Zone A01 has a colour already (Blue)');
    expect(twice.data).toEqual({ zone_id: 'A01', color: 'blue' });

    const zoneId = await newZone();
    const offPalette = await supervisor.post(`${CALLS}/create_zone_color`, { zone_id: zoneId, color: 'magenta' });
    expect(offPalette.retcode).toBe(RET.BAD_INPUT);
    expect(offPalette.data.issues[0].path).toBe('color');

    const taken = await supervisor.post(`${CALLS}/create_zone_color`, { zone_id: zoneId, color: 'pink' });
    expect(taken.retcode).toBe(RET.DUPLICATE);
    expect(taken.message).toContain("Pink is zone A02's colour already");
    expect(taken.data).toEqual({ color: 'pink', zone_id: 'A02' });
    await freeColor('yellow');
    expect((await supervisor.post(`${CALLS}/create_zone_color`, { zone_id: zoneId, color: 'yellow' })).retcode).toBe(0);
    const takenOnEdit = await supervisor.post(`${CALLS}/update_zone_color`, { zone_id: zoneId, color: 'blue' });
    expect(takenOnEdit.retcode).toBe(RET.DUPLICATE);
    expect(takenOnEdit.data.zone_id).toBe('A01');
    // Nothing changed by the refusals.
    const rows = await db().select().from(zoneColors).where(and(eq(zoneColors.whsId, WHS), eq(zoneColors.zoneId, zoneId)));
    expect(rows.map((r) => r.color)).toEqual(['yellow']);
  });

  test('another warehouse\'s record is not found and its zone is unknown here', async () => {
    const foreign = await newZone(OTHER);
    await db().insert(zoneColors).values({ whsId: OTHER, zoneId: foreign, color: 'teal' });
    expect((await supervisor.get(`${CALLS}/get_zone_color_detail`, { zone_id: foreign })).retcode).toBe(RET.NOT_FOUND);
    expect((await supervisor.post(`${CALLS}/update_zone_color`, { zone_id: foreign, color: 'black' })).retcode).toBe(RET.NOT_FOUND);
    expect((await supervisor.post(`${CALLS}/create_zone_color`, { zone_id: foreign, color: 'black' })).retcode).toBe(RET.BAD_INPUT);
    const list = await supervisor.get(`${CALLS}/search_zone_color`, { zone_id: foreign });
    expect(list.data.list).toEqual([]);
    const [row] = await db().select().from(zoneColors).where(and(eq(zoneColors.whsId, OTHER), eq(zoneColors.zoneId, foreign)));
    expect(row!.color).toBe('teal');
  });

  test('a user without the Rule Center permission is refused every call', async () => {
    const operator = await server.login((await newUser('Operator')).email);
    for (const [path, body] of [
      ['search_zone_color', {}], ['get_zone_color_detail', { zone_id: 'A01' }], ['create_zone_color', { zone_id: 'A01', color: 'black' }],
      ['update_zone_color', { zone_id: 'A01', color: 'black' }],
    ] as const) {
      const res = /^(get|search)_/.test(path) ? await operator.get(`${CALLS}/${path}`, body) : await operator.post(`${CALLS}/${path}`, body);
      expect(res.retcode, path).toBe(RET.PERMISSION_DENIED);
    }
  });

  test('while zone_by_color is off in the warehouse every call is -100413 naming the setting', async () => {
    await writeConf(db(), WHS, FLAG, '0');
    try {
      const off = await supervisor.get(`${CALLS}/search_zone_color`, {});
      expect(off.retcode).toBe(RET.FEATURE_OFF);
      expect(off.data).toEqual({ flag: 'zoneByColor', conf_key: FLAG });
      expect((await supervisor.post(`${CALLS}/update_zone_color`, { zone_id: 'A01', color: 'black' })).retcode).toBe(RET.FEATURE_OFF);
    } finally {
      await writeConf(db(), WHS, FLAG, '1');
    }
  });
});

describe('the picking claim', () => {
  test('carries the warehouse\'s zone colours only while zone_by_color is on', async () => {
    const [task] = await db().select().from(pickingTasks).where(and(
      eq(pickingTasks.whsId, WHS), eq(pickingTasks.kind, PICKING_TASK_KIND.values.PICKING), eq(pickingTasks.status, TASK_STATUS.values.PENDING),
    )).orderBy(asc(pickingTasks.taskNo)).limit(1);
    expect(task, 'a pending demo picking task').toBeDefined();
    const containerCode = `ZCCART${Date.now() % 100000}`;
    await db().insert(containers).values({ whsId: WHS, containerCode, containerType: CONTAINER_TYPE.values.PICK_CART });
    const picker = await server.login((await newUser('Operator')).email);

    const on = await picker.post(CLAIM, { task_no: task!.taskNo, container_code: containerCode });
    expect(on.retcode, on.message).toBe(0);
    const colors = Object.fromEntries((await db().select().from(zoneColors).where(eq(zoneColors.whsId, WHS))).map((r) => [r.zoneId, r.color]));
    expect(on.data.zone_colors).toEqual(colors);
    expect(on.data.zone_colors.A01).toBe('blue');
    // Every stop's zone that has a colour finds it there.
    for (const line of on.data.lines as { zone_id: string | null }[]) if (line.zone_id && colors[line.zone_id]) expect(on.data.zone_colors[line.zone_id]).toBe(colors[line.zone_id]);

    await writeConf(db(), WHS, FLAG, '0');
    try {
      const off = await picker.post(CLAIM, { task_no: task!.taskNo, container_code: containerCode });
      expect(off.retcode, off.message).toBe(0);
      expect(off.data).not.toHaveProperty('zone_colors');
      expect(off.data.lines).toEqual(on.data.lines);
    } finally {
      await writeConf(db(), WHS, FLAG, '1');
    }
  });
});
