import { resolveScannedSku } from '../../../shared/counting';

/**
 * What the scan task screens (QC, Reprocess, receiving, counting) decide the same way, DOM-free:
 * which line a scanned code names, and whether a typed quantity is one the step takes.
 */

type ScannableLine = Parameters<typeof resolveScannedSku>[1][number];

/**
 * The line a scanned code (SKU id, barcode, mapping code, or SKU id in other case) names: the
 * first such line that is still `open` when one is, else the first; undefined when none.
 */
export function lineOfScan<L extends ScannableLine>(lines: readonly L[], code: string, open: (line: L) => boolean = () => true): L | undefined {
  const skuId = resolveScannedSku(code, lines);
  if (skuId === null) return undefined;
  return lines.find((l) => l.sku_id === skuId && open(l)) ?? lines.find((l) => l.sku_id === skuId);
}

/** A quantity field's value as units, when it is from `min` to `max`; null otherwise (empty, out of range). */
export function unitsWithin(value: number | string, max: number, min = 1): number | null {
  const units = Number(value);
  return units >= min && units <= max ? units : null;
}
