import { COUNTING_RECORD_KIND } from './codes';
import { UPPER_BOUND } from './constants';

/**
 * Counting of an ASN group (spec §7 inbound counting calls), the rules both sides run: the
 * counting screen validates scans against its cached group detail with them (offline too),
 * and the server applies counts with them. Pure: no DOM, no database.
 */

/** A line of a group being counted, as the group detail answers it. */
export interface CountLine {
  asn_no: string;
  line_no: number;
  sku_id: string;
  barcode: string | null;
  /** The SKU's seller mapping codes (`$…`, `#…`, spec §5). */
  mapping_codes: readonly string[];
  expected_qty: number;
  /** Every unit counted against the line, surplus included. */
  counted_qty: number;
}

/** Where a count of one SKU goes: a line of the group, within what it expects (normal) or beyond it (surplus). */
export interface CountAllocation {
  asn_no: string;
  line_no: number;
  qty: number;
  kind: typeof COUNTING_RECORD_KIND.values.NORMAL | typeof COUNTING_RECORD_KIND.values.SURPLUS;
}

/** Units one count may hold (spec §9 upper bound). */
export const MAX_COUNT_QTY = UPPER_BOUND;

export const isCountQty = (qty: unknown): qty is number => typeof qty === 'number' && Number.isInteger(qty) && qty >= 1 && qty <= MAX_COUNT_QTY;

/**
 * The SKU of the group a scanned code names: its SKU id, its barcode (UPC) or one of its mapping
 * codes; null when the group expects no such SKU. Exact matches first; SKU ids are also matched
 * without regard to case, since some labels print them in capitals.
 */
export function resolveScannedSku(
  code: string, lines: readonly (Pick<CountLine, 'sku_id' | 'barcode'> & { mapping_codes?: CountLine['mapping_codes'] })[],
): string | null {
  const wanted = code.trim();
  if (!wanted) return null;
  const exact = lines.find((l) => l.sku_id === wanted) ?? lines.find((l) => l.barcode === wanted) ?? lines.find((l) => l.mapping_codes?.includes(wanted));
  if (exact) return exact.sku_id;
  const upper = wanted.toUpperCase();
  return lines.find((l) => l.sku_id.toUpperCase() === upper)?.sku_id ?? null;
}

/** What the group expects of a SKU and how much of it is counted so far, over all its lines. */
export function skuProgress(lines: readonly CountLine[], skuId: string): { expected_qty: number; counted_qty: number } {
  let expected = 0;
  let counted = 0;
  for (const line of lines) {
    if (line.sku_id !== skuId) continue;
    expected += line.expected_qty;
    counted += line.counted_qty;
  }
  return { expected_qty: expected, counted_qty: counted };
}

/** Units of a count of `qty` that go beyond what is expected (all of them once the SKU is complete). */
export function surplusOf(expected: number, counted: number, qty: number): number {
  return Math.max(0, counted + qty - Math.max(expected, counted));
}

/**
 * Splits a count of `qty` units of a SKU over the group's lines of it: the lines of `preferAsn`
 * (the ASN of the scanned carton) first, then by ASN and line number, each up to what it still
 * expects; what is left over is surplus on the first of those lines. Empty when the group has no
 * line of the SKU.
 */
export function allocateCount(lines: readonly CountLine[], skuId: string, qty: number, preferAsn: string | null = null): CountAllocation[] {
  const candidates = lines.filter((l) => l.sku_id === skuId).sort((a, b) => {
    const preferred = Number(b.asn_no === preferAsn) - Number(a.asn_no === preferAsn);
    return preferred || a.asn_no.localeCompare(b.asn_no) || a.line_no - b.line_no;
  });
  if (candidates.length === 0 || qty <= 0) return [];
  const out: CountAllocation[] = [];
  let left = qty;
  for (const line of candidates) {
    const room = Math.max(0, line.expected_qty - line.counted_qty);
    const take = Math.min(room, left);
    if (take > 0) {
      out.push({ asn_no: line.asn_no, line_no: line.line_no, qty: take, kind: COUNTING_RECORD_KIND.values.NORMAL });
      left -= take;
    }
    if (left === 0) break;
  }
  if (left > 0) out.push({ asn_no: candidates[0]!.asn_no, line_no: candidates[0]!.line_no, qty: left, kind: COUNTING_RECORD_KIND.values.SURPLUS });
  return out;
}

/** The lines after a count: each allocation added to its line's counted quantity (a new array, the input untouched). */
export function applyAllocations<L extends CountLine>(lines: readonly L[], allocations: readonly CountAllocation[]): L[] {
  return lines.map((line) => {
    const added = allocations.filter((a) => a.asn_no === line.asn_no && a.line_no === line.line_no).reduce((sum, a) => sum + a.qty, 0);
    return added === 0 ? line : { ...line, counted_qty: line.counted_qty + added };
  });
}

/** A line's shortage and surplus once counting ends (what create_group_complete_record turns into exceptions). */
export function lineDifference(line: Pick<CountLine, 'expected_qty' | 'counted_qty'>): { shortage_qty: number; surplus_qty: number } {
  return {
    shortage_qty: Math.max(0, line.expected_qty - line.counted_qty),
    surplus_qty: Math.max(0, line.counted_qty - line.expected_qty),
  };
}
