import { sql } from 'drizzle-orm';
import type { PgSequence } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import {
  adjustmentNoSeq, asnNoSeq, ccDiffNoSeq, ccOrderNoSeq, ccTaskNoSeq, checkingTaskNoSeq, inboundExceptionNoSeq, inboundTaskNoSeq, mergeTaskNoSeq, outboundExceptionNoSeq, packingTaskNoSeq, sortingTaskNoSeq, preSortingTaskNoSeq, pickingTaskNoSeq, salesOrderNoSeq, subPickingGroupNoSeq, transferRequestNoSeq, transitShipmentNoSeq, waveNoSeq,
} from '../db/schema';

/**
 * Document numbers: a prefix, the warehouse's date (YYMMDD) and a sequence number of 6 digits,
 * e.g. ASN241125000042. Sequences are global, so numbers never repeat across warehouses or days.
 */
const KINDS = {
  asn: { prefix: 'ASN', seq: asnNoSeq },
  task: { prefix: 'IT', seq: inboundTaskNoSeq },
  exception: { prefix: 'IEX', seq: inboundExceptionNoSeq },
  adjustment: { prefix: 'ADJ', seq: adjustmentNoSeq },
  salesOrder: { prefix: 'SO', seq: salesOrderNoSeq },
  /** A move-transfer order: a row of the outbound order table too, numbered from its sequence. */
  mtOrder: { prefix: 'MT', seq: salesOrderNoSeq },
  /** A return to supplier order: a row of the outbound order table too. */
  rtsOrder: { prefix: 'RTS', seq: salesOrderNoSeq },
  wave: { prefix: 'WV', seq: waveNoSeq },
  pickingTask: { prefix: 'PK', seq: pickingTaskNoSeq },
  outboundException: { prefix: 'OEX', seq: outboundExceptionNoSeq },
  /** A damaged unit report: an outbound exception of its own kind, numbered from the same sequence. */
  damageReport: { prefix: 'ODM', seq: outboundExceptionNoSeq },
  subPickingGroup: { prefix: 'SPG', seq: subPickingGroupNoSeq },
  checkingTask: { prefix: 'CK', seq: checkingTaskNoSeq },
  mergeTask: { prefix: 'MG', seq: mergeTaskNoSeq },
  packingTask: { prefix: 'PA', seq: packingTaskNoSeq },
  mtPackingTask: { prefix: 'MTP', seq: packingTaskNoSeq },
  sortingTask: { prefix: 'ST', seq: sortingTaskNoSeq },
  preSortingTask: { prefix: 'PS', seq: preSortingTaskNoSeq },
  ccOrder: { prefix: 'CC', seq: ccOrderNoSeq },
  ccTask: { prefix: 'CCT', seq: ccTaskNoSeq },
  ccDiff: { prefix: 'CCD', seq: ccDiffNoSeq },
  transitShipment: { prefix: 'TS', seq: transitShipmentNoSeq },
  /** An RTS shipment (and its manifest): shipments of every kind share the sequence. */
  rtsShipment: { prefix: 'RSH', seq: transitShipmentNoSeq },
  transferRequest: { prefix: 'TR', seq: transferRequestNoSeq },
  /** A returned parcel in dispute: inbound exceptions and disputes share the sequence. */
  returnDispute: { prefix: 'RDP', seq: inboundExceptionNoSeq },
} as const satisfies Record<string, { prefix: string; seq: PgSequence }>;

export type DocKind = keyof typeof KINDS;

/** The next number of a kind; `timeZone` is the warehouse's (its day, not the server's). */
export async function nextDocNo(tx: Db, kind: DocKind, timeZone: string): Promise<string> {
  return (await nextDocNos(tx, kind, timeZone, 1))[0]!;
}

/** The next `count` numbers of a kind, in one statement (a wave's tasks), in the order drawn. */
export async function nextDocNos(tx: Db, kind: DocKind, timeZone: string, count: number): Promise<string[]> {
  if (count < 1) return [];
  const { prefix, seq } = KINDS[kind];
  const rows = await tx.select({
    no: sql<string>`${prefix} || to_char(now() at time zone ${timeZone}, 'YYMMDD') || lpad((nextval(${seq.seqName}) % 1000000)::text, 6, '0')`,
  }).from(sql`generate_series(1, ${count}::int) as g(n)`).orderBy(sql`g.n`);
  return rows.map((r) => r.no);
}
