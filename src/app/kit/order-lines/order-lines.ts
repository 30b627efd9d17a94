import { UPPER_BOUND } from '../../../shared/constants';

/**
 * The lines of an order form as data (sales, MT, RTS and return orders): a SKU and a quantity each,
 * what keeps one from being sent, and which line a server refusal names.
 */

export interface OrderLineDraft {
  key: number;
  sku_id: string;
  qty: number | string;
}

let lineKeys = 0;
export const emptyOrderLine = (): OrderLineDraft => ({ key: ++lineKeys, sku_id: '', qty: '' });

const validQty = (qty: number | string): qty is number => typeof qty === 'number' && Number.isInteger(qty) && qty >= 1 && qty <= UPPER_BOUND;

/** What keeps a line from being sent: no SKU, or no whole quantity of at least 1; null when it is complete. */
export function lineProblem(line: OrderLineDraft): 'sku' | 'qty' | null {
  if (line.sku_id.trim() === '') return 'sku';
  if (!validQty(line.qty)) return 'qty';
  return null;
}

/**
 * The line a refusal of the order names (the line refusals carry the 1-based line in `data.line`), as the
 * index of the draft's line, or null when it names none or one the draft does not have.
 */
export function refusedLineIndex(data: unknown, lineCount: number): number | null {
  const line = (data as { line?: unknown } | null)?.line;
  if (typeof line !== 'number' || !Number.isInteger(line) || line < 1 || line > lineCount) return null;
  return line - 1;
}
