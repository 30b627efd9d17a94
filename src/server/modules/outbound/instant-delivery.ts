import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { ACTIVE_STATUS, PARCEL_STATUS, SALES_ORDER_STATUS } from '../../../shared/codes';
import type {
  InstantConfig, PigeonholeBoard, PlaceParcelPayload,
} from '../../../shared/contract/instant-delivery.contract';
import { INSTANT_BOARD_PARCELS_MAX, type createPigeonholesInput, type saveInstantConfigInput } from '../../../shared/contract/instant-delivery.contract';
import {
  CUTOFF_FORMAT, DEFAULT_ALERT_MINUTES, isInstantCarrier, pigeonholeCodes, pigeonholeFor, pigeonholeTakes, postcodeOf, resolveZone, valueList,
  type PigeonholeState, type ZoneRule,
} from '../../../shared/instant-delivery';
import { RET } from '../../../shared/retcodes';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { instantDeliveryConfigs, instantZoneCodes, parcels, pigeonholeParcels, pigeonholes, salesOrders } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import type { ApiRow, ResourceHooks } from '../../http/resource-handlers';
import { unixSeconds, warehouseTimeZone } from '../../common/time';

/**
 * Instant delivery (docs/outbound.md "Instant delivery"): the configuration, the zone codes, the
 * pigeonholes and the placement op. The rider's pickup is a shipping handover of kind Instant Rider
 * (shipping.ts), which asks this module whether a parcel is instant and takes it out of its
 * pigeonhole when it is loaded.
 */

const P = PARCEL_STATUS.values;
const ACTIVE = ACTIVE_STATUS.values.ACTIVE;

// ---- configuration ----

export async function instantConfig(db: Db, whsId: string): Promise<InstantConfig> {
  const [row] = await db.select().from(instantDeliveryConfigs).where(eq(instantDeliveryConfigs.whsId, whsId));
  if (!row) return { enabled: false, carrier_names: [], cutoff_time: null, alert_minutes: DEFAULT_ALERT_MINUTES, updated_at: null };
  return {
    enabled: row.enabled, carrier_names: valueList(row.carrierNames), cutoff_time: row.cutoffTime, alert_minutes: row.alertMinutes, updated_at: unixSeconds(row.updatedAt),
  };
}

const invalidConfig = (field: string, message: string) => new ApiError(RET.INSTANT_CONFIG_INVALID, message, { field });

export async function saveInstantConfig(db: Db, whsId: string, userId: number, input: z.output<typeof saveInstantConfigInput>): Promise<InstantConfig> {
  const carriers = valueList(input.carrier_names.join(','));
  if (carriers.some((c) => c.length > 100)) throw invalidConfig('carrier_names', 'A carrier name is at most 100 characters.');
  if (input.enabled && carriers.length === 0) throw invalidConfig('carrier_names', 'Name at least one instant carrier (e.g. GrabExpress) before turning instant delivery on.');
  if (input.cutoff_time !== null && !CUTOFF_FORMAT.test(input.cutoff_time)) {
    throw invalidConfig('cutoff_time', `The same-day cut-off "${input.cutoff_time}" is not a time of day: write it as HH:mm (e.g. 14:00).`);
  }
  if (input.alert_minutes < 1 || input.alert_minutes > 1440) throw invalidConfig('alert_minutes', 'The waiting alert is from 1 to 1440 minutes.');
  const values = { enabled: input.enabled, carrierNames: carriers.join(','), cutoffTime: input.cutoff_time, alertMinutes: input.alert_minutes, updatedBy: userId, updatedAt: new Date() };
  await db.insert(instantDeliveryConfigs).values({ whsId, ...values }).onConflictDoUpdate({ target: instantDeliveryConfigs.whsId, set: values });
  return instantConfig(db, whsId);
}

// ---- zone codes ----

export async function zoneRules(db: Db, whsId: string) {
  const rows = await db.select().from(instantZoneCodes).where(eq(instantZoneCodes.whsId, whsId)).orderBy(asc(instantZoneCodes.zoneCode));
  return rows.map((z) => ({
    zone_code: z.zoneCode, zone_name: z.zoneName, postcode_prefixes: valueList(z.postcodePrefixes), keywords: valueList(z.keywords), status: z.status,
  }));
}

const invalidZone = (field: string, value: string, message: string) => new ApiError(RET.INSTANT_ZONE_CODE_INVALID, message, { field, value });

/** A zone code's lists kept trimmed and comma-separated; postcode prefixes are digits only. */
export const instantZoneCodeHooks: ResourceHooks = {
  prepare(values: ApiRow) {
    const out = { ...values };
    if (typeof values.zone_code === 'string') out.zone_code = values.zone_code.trim().toUpperCase();
    if (typeof values.postcode_prefixes === 'string') {
      const prefixes = valueList(values.postcode_prefixes);
      const bad = prefixes.find((p) => !/^\d{1,6}$/.test(p));
      if (bad !== undefined) throw invalidZone('postcode_prefixes', bad, `Postcode prefix "${bad}" is not 1 to 6 digits.`);
      out.postcode_prefixes = prefixes.join(',');
    }
    if (typeof values.keywords === 'string') {
      const keywords = valueList(values.keywords);
      const short = keywords.find((k) => k.length < 3);
      if (short !== undefined) throw invalidZone('keywords', short, `Keyword "${short}" is too short to find in an address (at least 3 characters).`);
      out.keywords = keywords.join(',');
    }
    return Promise.resolve(out);
  },
};

// ---- pigeonholes ----

async function pigeonholeStates(db: Db, whsId: string, lock = false) {
  const holes = db.select().from(pigeonholes).where(eq(pigeonholes.whsId, whsId)).orderBy(asc(pigeonholes.pigeonholeCode));
  const rows = lock ? await holes.for('update') : await holes;
  const placed = await db.select({
    tracking_no: pigeonholeParcels.trackingNo, order_no: pigeonholeParcels.orderNo, pigeonhole_code: pigeonholeParcels.pigeonholeCode,
    placed_at: pigeonholeParcels.placedAt, carrier_name: salesOrders.carrierName,
  }).from(pigeonholeParcels)
    .innerJoin(salesOrders, and(eq(salesOrders.whsId, pigeonholeParcels.whsId), eq(salesOrders.orderNo, pigeonholeParcels.orderNo)))
    .where(eq(pigeonholeParcels.whsId, whsId)).orderBy(asc(pigeonholeParcels.placedAt), asc(pigeonholeParcels.trackingNo));
  return rows.map((h) => {
    const own = placed.filter((p) => p.pigeonhole_code === h.pigeonholeCode);
    return {
      pigeonhole_code: h.pigeonholeCode, zone_code: h.zoneCode, capacity: h.capacity, status: h.status,
      parcels: own.map((p) => ({ tracking_no: p.tracking_no, order_no: p.order_no, carrier_name: p.carrier_name, placed_at: unixSeconds(p.placed_at) })),
    };
  });
}

const stateOf = (h: { pigeonhole_code: string; zone_code: string; capacity: number; status: number; parcels: { order_no: string }[] }): PigeonholeState => ({
  pigeonhole_code: h.pigeonhole_code, zone_code: h.zone_code, capacity: h.capacity, status: h.status, order_nos: h.parcels.map((p) => p.order_no),
});

const instantParcelColumns = {
  tracking_no: parcels.trackingNo, order_no: parcels.orderNo, carrier_name: salesOrders.carrierName, receiver_address: salesOrders.receiverAddress,
  status: parcels.status, order_status: salesOrders.status, order_created: salesOrders.createdAt, shipping_no: parcels.shippingNo,
};

/** What the pigeonhole screen keeps for working offline. */
export async function pigeonholeBoard(db: Db, whsId: string): Promise<PigeonholeBoard> {
  const [config, zones, holes, timeZone] = await Promise.all([instantConfig(db, whsId), zoneRules(db, whsId), pigeonholeStates(db, whsId), warehouseTimeZone(db, whsId)]);
  const carriers = config.carrier_names.map((c) => c.trim().toLowerCase());
  const waiting = !config.enabled || carriers.length === 0 ? [] : await db.select(instantParcelColumns).from(parcels)
    .innerJoin(salesOrders, and(eq(salesOrders.whsId, parcels.whsId), eq(salesOrders.orderNo, parcels.orderNo)))
    .leftJoin(pigeonholeParcels, and(eq(pigeonholeParcels.whsId, parcels.whsId), eq(pigeonholeParcels.trackingNo, parcels.trackingNo)))
    .where(and(
      eq(parcels.whsId, whsId), inArray(parcels.status, [P.PACKED, P.SHIPPING]), sql`${pigeonholeParcels.trackingNo} is null`,
      inArray(sql`lower(trim(${salesOrders.carrierName}))`, carriers),
    ))
    .orderBy(desc(parcels.createdAt), asc(parcels.trackingNo)).limit(INSTANT_BOARD_PARCELS_MAX);
  return {
    config, zones, pigeonholes: holes, time_zone: timeZone, now: Math.floor(Date.now() / 1000),
    waiting: waiting.map(({ order_created, ...p }) => ({ ...p, order_created_at: unixSeconds(order_created) })),
  };
}

const rangeRefused = (reason: string, message: string, data: Record<string, unknown> = {}) =>
  new ApiError(RET.INSTANT_PIGEONHOLE_RANGE_INVALID, message, { reason, ...data });

/** Creates a range of pigeonholes for an active zone code: all of them, or none when one is taken. */
export async function createPigeonholes(db: Db, whsId: string, input: z.output<typeof createPigeonholesInput>) {
  const [zone] = await db.select().from(instantZoneCodes).where(and(eq(instantZoneCodes.whsId, whsId), eq(instantZoneCodes.zoneCode, input.zone_code)));
  if (!zone || zone.status !== ACTIVE) throw rangeRefused('zone', `Zone code ${input.zone_code} is not an active zone code of warehouse ${whsId}.`, { zone_code: input.zone_code });
  const codes = pigeonholeCodes(input.prefix, input.from, input.to);
  return db.transaction(async (tx) => {
    const taken = await tx.select({ code: pigeonholes.pigeonholeCode }).from(pigeonholes).where(and(eq(pigeonholes.whsId, whsId), inArray(pigeonholes.pigeonholeCode, codes)));
    if (taken.length > 0) {
      const names = taken.map((t) => t.code).sort();
      throw rangeRefused('taken', `Pigeonholes ${names.join(', ')} exist already: choose another range.`, { codes: names });
    }
    await tx.insert(pigeonholes).values(codes.map((code) => ({ whsId, pigeonholeCode: code, zoneCode: zone.zoneCode, capacity: input.capacity })));
    return { codes };
  });
}

// ---- the placement op ----

export interface InstantActor {
  userId: number;
  opId: string;
}

/** The parcel as placement and the rider's handover see it, locked. */
async function instantParcel(tx: Db, whsId: string, trackingNo: string) {
  const [parcel] = await tx.select(instantParcelColumns).from(parcels)
    .innerJoin(salesOrders, and(eq(salesOrders.whsId, parcels.whsId), eq(salesOrders.orderNo, parcels.orderNo)))
    .where(and(eq(parcels.whsId, whsId), eq(parcels.trackingNo, trackingNo))).for('update', { of: parcels });
  if (!parcel) throw notFound(`Parcel ${trackingNo}`);
  return parcel;
}

function refuseNotInstant(config: InstantConfig, trackingNo: string, carrier: string | null): ApiError {
  if (!config.enabled) return new ApiError(RET.INSTANT_NOT_INSTANT, 'Instant delivery is off in this warehouse: turn it on in its configuration.', { tracking_no: trackingNo, reason: 'disabled', carrier });
  return new ApiError(RET.INSTANT_NOT_INSTANT, `Parcel ${trackingNo} ships with ${carrier ?? 'no carrier'}, not an instant carrier (${config.carrier_names.join(', ')}): take it to the dock.`, {
    tracking_no: trackingNo, reason: 'carrier', carrier,
  });
}

/**
 * Puts a packed instant parcel into the pigeonhole scanned: the one holding its order's parcels, else
 * an active pigeonhole of its zone (resolved from the receiver's address) with room.
 */
export async function applyPlace(tx: Db, whsId: string, actor: InstantActor, p: PlaceParcelPayload) {
  const parcel = await instantParcel(tx, whsId, p.tracking_no);
  const config = await instantConfig(tx, whsId);
  if (!isInstantCarrier(config, parcel.carrier_name)) throw refuseNotInstant(config, p.tracking_no, parcel.carrier_name);
  const holes = await pigeonholeStates(tx, whsId, true);
  const own = holes.find((h) => h.parcels.some((x) => x.tracking_no === p.tracking_no));
  const refuse = (reason: string, message: string, data: Record<string, unknown> = {}) =>
    new ApiError(RET.INSTANT_PARCEL_NOT_PLACEABLE, message, { tracking_no: p.tracking_no, reason, ...data });
  if (own) throw refuse('placed', `Parcel ${p.tracking_no} is in pigeonhole ${own.pigeonhole_code} already.`, { pigeonhole_code: own.pigeonhole_code });
  if (parcel.status !== P.PACKED) throw refuse('not_packed', `Parcel ${p.tracking_no} is not packed and waiting (it is loaded, shipped, replaced or intercepted).`, { status: parcel.status });
  if (parcel.order_status !== SALES_ORDER_STATUS.values.PACKED && parcel.order_status !== SALES_ORDER_STATUS.values.SHIPPING) {
    throw refuse('order', `Order ${parcel.order_no} of parcel ${p.tracking_no} is not packed.`, { order_status: parcel.order_status });
  }
  const zone = resolveZone(parcel.receiver_address, await zoneRules(tx, whsId) as ZoneRule[]);
  if (!zone) {
    const postcode = postcodeOf(parcel.receiver_address);
    throw new ApiError(RET.INSTANT_NO_ZONE, `No zone code takes the address of order ${parcel.order_no}${postcode ? ` (postcode ${postcode})` : ''}: add a zone code for it.`, {
      tracking_no: p.tracking_no, postcode,
    });
  }
  const states = holes.map(stateOf);
  const target = pigeonholeFor(parcel.order_no, zone.zone_code, states);
  if (!target) {
    throw new ApiError(RET.INSTANT_NO_PIGEONHOLE_ROOM, `No pigeonhole of zone ${zone.zone_code} has room: hand parcels to riders or add pigeonholes.`, { zone_code: zone.zone_code });
  }
  const scanned = states.find((h) => h.pigeonhole_code.toUpperCase() === p.pigeonhole_code.toUpperCase());
  if (!pigeonholeTakes(scanned, parcel.order_no, zone.zone_code, states)) {
    const right = target.pigeonhole.pigeonhole_code;
    throw new ApiError(RET.INSTANT_WRONG_PIGEONHOLE, `Wrong pigeonhole ${p.pigeonhole_code}: parcel ${p.tracking_no} goes into ${right} (zone ${zone.zone_code}).`, {
      scanned: p.pigeonhole_code, pigeonhole_code: right, zone_code: zone.zone_code,
    });
  }
  await tx.insert(pigeonholeParcels).values({
    whsId, trackingNo: p.tracking_no, pigeonholeCode: scanned!.pigeonhole_code, orderNo: parcel.order_no, placedBy: actor.userId, opId: actor.opId,
  });
  return {
    tracking_no: p.tracking_no, order_no: parcel.order_no, pigeonhole_code: scanned!.pigeonhole_code, zone_code: zone.zone_code,
    message: `Parcel ${p.tracking_no} is in pigeonhole ${scanned!.pigeonhole_code} (zone ${zone.zone_code}).`,
  };
}

// ---- the rider's handover (called by shipping.ts) ----

const riderRefused = (reason: string, message: string, data: Record<string, unknown> = {}) => new ApiError(RET.INSTANT_RIDER_REFUSED, message, { reason, ...data });

/** A rider's pickup opens for an instant carrier of the warehouse only. */
export async function checkRiderCarrier(tx: Db, whsId: string, carrier: string): Promise<void> {
  const config = await instantConfig(tx, whsId);
  if (!isInstantCarrier(config, carrier)) {
    throw riderRefused('carrier', `${carrier} is not an instant carrier of this warehouse (${config.enabled ? config.carrier_names.join(', ') : 'instant delivery is off'}).`, { carrier });
  }
}

/** A rider takes only instant parcels (of his carrier: shipping checks the carrier). */
export async function checkRiderParcel(tx: Db, whsId: string, trackingNo: string, carrier: string | null): Promise<void> {
  if (!isInstantCarrier(await instantConfig(tx, whsId), carrier)) {
    throw riderRefused('not_instant', `Parcel ${trackingNo} is not an instant parcel: a rider takes only parcels of the instant carriers.`, { tracking_no: trackingNo });
  }
}

/** A parcel loaded onto a handover leaves its pigeonhole (the pigeonhole has room again). */
export async function takeOutOfPigeonhole(tx: Db, whsId: string, trackingNo: string): Promise<void> {
  await tx.delete(pigeonholeParcels).where(and(eq(pigeonholeParcels.whsId, whsId), eq(pigeonholeParcels.trackingNo, trackingNo)));
}
