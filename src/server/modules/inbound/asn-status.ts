import { and, eq, sql } from 'drizzle-orm';
import { INBOUND_STATUS, type CodeOf } from '../../../shared/codes';
import { ASN_LIFECYCLE } from '../../../shared/lifecycles';
import type { Db } from '../../db/client';
import { asnGroups, asnOrders } from '../../db/schema';
import { notFound } from '../../http/errors';
import { assertTransition } from '../../http/lifecycle';
import { asnMoved } from '../../common/asn-events';
import { transitAsnMoved } from '../inventory/in-transit';

export type AsnStatus = CodeOf<typeof INBOUND_STATUS>;
export type AsnRow = typeof asnOrders.$inferSelect;

const S = INBOUND_STATUS.values;

/** The time column each step stamps when an ASN reaches it. */
const STAMP: Partial<Record<AsnStatus, 'arrivedAt' | 'countedAt' | 'checkedAt' | 'receivedAt' | 'doneAt' | 'closedAt'>> = {
  [S.ARRIVED]: 'arrivedAt', [S.COUNTED]: 'countedAt', [S.CHECKED]: 'checkedAt', [S.RECEIVED]: 'receivedAt', [S.DONE]: 'doneAt',
  [S.CANCELLED]: 'closedAt', [S.REJECTED]: 'closedAt', [S.FAILED]: 'closedAt',
};

/**
 * How far along the lifecycle a status is (spec §4 order): a group's status is its least advanced
 * open ASN's; closed ASNs (cancelled, rejected, failed) count only when all are closed.
 */
const PROGRESS: readonly AsnStatus[] = [
  S.PENDING, S.IN_TRANSIT, S.ARRIVING, S.ARRIVED, S.COUNTING, S.COUNTED, S.CHECKING, S.CHECKED, S.SCANNING, S.RECEIVED, S.PUTTING, S.DONE,
];

/** The ASN, locked for the caller's transaction (FOR UPDATE): the steps of one ASN never interleave. -100404 when not in the warehouse. */
export async function lockAsn(tx: Db, whsId: string, asnNo: string): Promise<AsnRow> {
  const [row] = await tx.select().from(asnOrders).where(and(eq(asnOrders.whsId, whsId), eq(asnOrders.asnNo, asnNo))).limit(1).for('update');
  if (!row) throw notFound(`ASN ${asnNo}`);
  return row;
}

/**
 * Moves a locked ASN to `to` along ASN_LIFECYCLE (RET.ILLEGAL_TRANSITION otherwise), stamps the
 * step's time, writes `extra` columns with it, and brings its group's status along. Returns the row as updated.
 */
export async function moveAsn(tx: Db, asn: AsnRow, to: AsnStatus, extra: Partial<AsnRow> = {}): Promise<AsnRow> {
  assertTransition(ASN_LIFECYCLE, `ASN ${asn.asnNo}`, asn.status as AsnStatus, to);
  const stamp = STAMP[to];
  const [row] = await tx.update(asnOrders)
    // The caller may give the moment itself (a queued op's): `extra` comes last.
    .set({ status: to, updatedAt: sql`now()`, ...(stamp ? { [stamp]: sql`now()` } : {}), ...extra })
    .where(and(eq(asnOrders.whsId, asn.whsId), eq(asnOrders.asnNo, asn.asnNo)))
    .returning();
  await refreshGroupStatus(tx, asn.whsId, asn.groupNo);
  await transitAsnMoved(tx, row!, to);
  await asnMoved(tx, row!, to);
  return row!;
}

/** Sets a group's status from its ASNs' (see PROGRESS). */
export async function refreshGroupStatus(tx: Db, whsId: string, groupNo: string): Promise<void> {
  const members = await tx.select({ status: asnOrders.status }).from(asnOrders).where(and(eq(asnOrders.whsId, whsId), eq(asnOrders.groupNo, groupNo)));
  const statuses = members.map((m) => m.status as AsnStatus);
  const open = statuses.filter((s) => PROGRESS.includes(s));
  const status = open.length > 0 ? open.reduce((a, b) => (PROGRESS.indexOf(a) <= PROGRESS.indexOf(b) ? a : b)) : (statuses[0] ?? S.PENDING);
  await tx.update(asnGroups).set({ status }).where(and(eq(asnGroups.whsId, whsId), eq(asnGroups.groupNo, groupNo)));
}
