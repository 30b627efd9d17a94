import { ASN_SOURCE } from '../../shared/codes';
import type { Db } from '../db/client';
import { asnGroups, asnLines, asnOrders, inboundTrackingIds } from '../db/schema';
import { nextDocNo } from './doc-no';

/**
 * Writing a new ASN, for every area that makes one: the inbound area's create_asn
 * and exception follow-ups, a move transfer's destination ASN (in-transit.ts), an RTS's re-inbound or
 * replacement (rts-shipping.ts). Each caller checks what it must first; what the ASN is — type,
 * supplier, order, slot, status, remark — is its header. Here in common, since areas never import
 * each other.
 */

type AsnRow = typeof asnOrders.$inferSelect;

/** The columns that differ between the ASNs the WMS makes. */
export type AsnHeader = Omit<typeof asnOrders.$inferInsert, 'whsId' | 'asnNo' | 'groupNo' | 'source' | 'totalExpectedQty' | 'createdBy'>;
export type AsnLineInput = Omit<typeof asnLines.$inferInsert, 'whsId' | 'asnNo' | 'lineNo'>;

export interface NewAsn {
  whsId: string;
  /** The warehouse's time zone: the day in the ASN's number. */
  timeZone: string;
  /** The group it joins; none: a group of its own, numbered as the ASN, in the ASN's status. */
  groupNo?: string | null;
  header: AsnHeader;
  /** Numbered from 1 in this order. */
  lines: readonly AsnLineInput[];
  /** Its cartons' (MTB boxes') tracking ids. */
  trackingIds?: readonly { trackingId: string; cartonQty?: number }[];
  createdBy: number | null;
}

/**
 * Writes an ASN made in the WMS (source WMS) in the caller's transaction: its number, its group
 * when it has none to join, the header with its total expected units (its lines'), the lines and
 * the tracking ids. Answers the row as written.
 */
export async function writeAsn(tx: Db, asn: NewAsn): Promise<AsnRow> {
  const { whsId, createdBy } = asn;
  const asnNo = await nextDocNo(tx, 'asn', asn.timeZone);
  const groupNo = asn.groupNo ?? asnNo;
  if (!asn.groupNo) await tx.insert(asnGroups).values({ whsId, groupNo, status: asn.header.status, createdBy });
  const [row] = await tx.insert(asnOrders).values({
    ...asn.header, whsId, asnNo, groupNo, source: ASN_SOURCE.values.WMS,
    totalExpectedQty: asn.lines.reduce((n, l) => n + l.expectedQty, 0), createdBy,
  }).returning();
  await tx.insert(asnLines).values(asn.lines.map((line, i) => ({ ...line, whsId, asnNo, lineNo: i + 1 })));
  const trackingIds = asn.trackingIds ?? [];
  if (trackingIds.length > 0) {
    await tx.insert(inboundTrackingIds).values(trackingIds.map((t) => ({ whsId, trackingId: t.trackingId, asnNo, groupNo, cartonQty: t.cartonQty, createdBy })));
  }
  return row!;
}
