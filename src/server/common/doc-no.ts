import { sql } from 'drizzle-orm';
import type { PgSequence } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { adjustmentNoSeq, asnNoSeq, inboundExceptionNoSeq, inboundTaskNoSeq } from '../db/schema';

/**
 * Document numbers: a prefix, the warehouse's date (YYMMDD) and a sequence number of 6 digits,
 * e.g. ASN241125000042. Sequences are global, so numbers never repeat across warehouses or days.
 */
const KINDS = {
  asn: { prefix: 'ASN', seq: asnNoSeq },
  task: { prefix: 'IT', seq: inboundTaskNoSeq },
  exception: { prefix: 'IEX', seq: inboundExceptionNoSeq },
  adjustment: { prefix: 'ADJ', seq: adjustmentNoSeq },
} as const satisfies Record<string, { prefix: string; seq: PgSequence }>;

export type DocKind = keyof typeof KINDS;

/** The next number of a kind; `timeZone` is the warehouse's (its day, not the server's). */
export async function nextDocNo(tx: Db, kind: DocKind, timeZone: string): Promise<string> {
  const { prefix, seq } = KINDS[kind];
  // One row from the warehouses table is enough to evaluate the expression once.
  const [row] = await tx.select({
    no: sql<string>`${prefix} || to_char(now() at time zone ${timeZone}, 'YYMMDD') || lpad((nextval(${seq.seqName}) % 1000000)::text, 6, '0')`,
  }).from(sql`(select 1) as one`);
  return row!.no;
}
