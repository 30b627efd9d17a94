import type { Db } from '../db/client';

/**
 * An ASN moved along its lifecycle, told in the transaction that moved it (asn-status.ts moveAsn),
 * with the status it moved to. Other areas follow their own documents by it — an RTS order's
 * re-inbound, for one — without the inbound area knowing them, nor they the inbound area.
 */
export type AsnMoved = (tx: Db, asn: { whsId: string; asnNo: string }, to: number) => Promise<void>;

const listeners: AsnMoved[] = [];

/** Registered once, when the listening module loads. */
export function onAsnMoved(listener: AsnMoved): void {
  listeners.push(listener);
}

export async function asnMoved(tx: Db, asn: { whsId: string; asnNo: string }, to: number): Promise<void> {
  for (const listener of listeners) await listener(tx, asn, to);
}
