import { sameCarrier } from './shipping-rules';

/**
 * Instant delivery's decisions (docs/outbound.md "Instant delivery"), the same on the PDA (before it
 * queues a placement, app/features/outbound/instant-delivery-flow.ts) and on the server (when it
 * applies one, server/modules/outbound/instant-delivery.ts): which parcels are instant, which zone an
 * address belongs to, which pigeonhole a parcel goes into.
 */

/** The configuration's same-day cut-off: HH:mm on the warehouse's clock. */
export const CUTOFF_FORMAT = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Most pigeonholes one "create a range" makes. */
export const PIGEONHOLE_RANGE_MAX = 200;
/** Default minutes a parcel may wait in a pigeonhole before it is flagged. */
export const DEFAULT_ALERT_MINUTES = 30;

/** Comma- or line-separated values as zone codes and the configuration store them: trimmed, without blanks or repeats, in the order given. */
export const valueList = (stored: string | null | undefined): string[] =>
  [...new Set((stored ?? '').split(/[,\n]/).map((s) => s.trim()).filter(Boolean))];

export interface InstantConfigView {
  enabled: boolean;
  carrier_names: readonly string[];
}

/** Whether an order of this carrier is an instant (same-day rider) order in the warehouse. */
export const isInstantCarrier = (config: InstantConfigView | null | undefined, carrier: string | null | undefined): boolean =>
  !!config?.enabled && config.carrier_names.some((name) => sameCarrier(name, carrier));

export interface ZoneRule {
  zone_code: string;
  postcode_prefixes: readonly string[];
  keywords: readonly string[];
  /** ACTIVE_STATUS: only active zones (1) resolve. */
  status: number;
}

/** The postcode in an address: its last standalone run of 4 to 6 digits (Indonesia's are 5), or null. */
export function postcodeOf(address: string | null | undefined): string | null {
  const runs = (address ?? '').match(/(?<!\d)\d{4,6}(?!\d)/g);
  return runs ? runs[runs.length - 1]! : null;
}

export interface ResolvedZone {
  zone_code: string;
  by: 'postcode' | 'keyword';
  /** The prefix or keyword that matched. */
  matched: string;
}

const byLengthThenCode = (a: { len: number; code: string }, b: { len: number; code: string }) => b.len - a.len || a.code.localeCompare(b.code);

/**
 * The zone of a receiver's address: the active zone with the longest postcode prefix of the address's
 * postcode; when none, the active zone with the longest keyword (district, area) found in the address,
 * without case. Ties go to the lowest zone code. Null: no zone takes the address.
 */
export function resolveZone(address: string | null | undefined, zones: readonly ZoneRule[]): ResolvedZone | null {
  const active = zones.filter((z) => z.status === 1);
  const postcode = postcodeOf(address);
  if (postcode) {
    const hits = active.flatMap((z) => z.postcode_prefixes.filter((p) => postcode.startsWith(p)).map((p) => ({ len: p.length, code: z.zone_code, matched: p })));
    const best = hits.sort(byLengthThenCode)[0];
    if (best) return { zone_code: best.code, by: 'postcode', matched: best.matched };
  }
  const text = (address ?? '').toLowerCase();
  if (!text) return null;
  const hits = active.flatMap((z) => z.keywords.filter((k) => text.includes(k.toLowerCase())).map((k) => ({ len: k.length, code: z.zone_code, matched: k })));
  const best = hits.sort(byLengthThenCode)[0];
  return best ? { zone_code: best.code, by: 'keyword', matched: best.matched } : null;
}

export interface PigeonholeState {
  pigeonhole_code: string;
  zone_code: string;
  capacity: number;
  /** ACTIVE_STATUS: an inactive pigeonhole takes no new order. */
  status: number;
  /** The orders of the parcels in it, one entry a parcel. */
  order_nos: readonly string[];
}

const byCode = (a: PigeonholeState, b: PigeonholeState) => a.pigeonhole_code.localeCompare(b.pigeonhole_code, 'en', { numeric: true });

/**
 * The pigeonhole a parcel of `orderNo` (of zone `zoneCode`) goes into: the one holding that order's
 * parcels already (an order waits in one place, whatever its room), else the active pigeonhole of the
 * zone with room, lowest code first. Null: none has room.
 */
export function pigeonholeFor(orderNo: string, zoneCode: string, pigeonholes: readonly PigeonholeState[]): { pigeonhole: PigeonholeState; holdsOrder: boolean } | null {
  const holding = pigeonholes.find((p) => p.order_nos.includes(orderNo));
  if (holding) return { pigeonhole: holding, holdsOrder: true };
  const free = [...pigeonholes].sort(byCode).find((p) => p.zone_code === zoneCode && p.status === 1 && p.order_nos.length < p.capacity);
  return free ? { pigeonhole: free, holdsOrder: false } : null;
}

/**
 * Whether the pigeonhole scanned may take the parcel: the order's own when it has one; otherwise any
 * active pigeonhole of its zone with room (another device may have filled the one suggested).
 */
export function pigeonholeTakes(scanned: PigeonholeState | undefined, orderNo: string, zoneCode: string, pigeonholes: readonly PigeonholeState[]): boolean {
  if (!scanned) return false;
  const target = pigeonholeFor(orderNo, zoneCode, pigeonholes);
  if (target?.holdsOrder) return target.pigeonhole.pigeonhole_code === scanned.pigeonhole_code;
  return scanned.zone_code === zoneCode && scanned.status === 1 && scanned.order_nos.length < scanned.capacity;
}

/** The codes of a range of pigeonholes: `PH-` and 1..8 make PH-01 … PH-08 (at least two digits). */
export function pigeonholeCodes(prefix: string, from: number, to: number): string[] {
  const width = Math.max(2, String(to).length);
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => `${prefix}${String(from + i).padStart(width, '0')}`);
}

/** Minutes a parcel placed at `placedAt` (unix seconds) has waited at `now`. */
export const waitingMinutes = (placedAt: number, now: number): number => Math.max(0, Math.floor((now - placedAt) / 60));

/** The time of day (HH:mm) of a unix time on a warehouse's clock. */
export function clockOf(at: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(at * 1000));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('hour')}:${part('minute')}`;
}

/** An order created after the same-day cut-off (warehouse clock) goes the next day: shown, never refused. Null cut-off: every order is same-day. */
export const afterCutoff = (createdAt: number, cutoff: string | null, timeZone: string): boolean =>
  cutoff !== null && clockOf(createdAt, timeZone) > cutoff;
