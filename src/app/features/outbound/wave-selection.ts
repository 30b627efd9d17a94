import { WAVE_ORDERS_MAX } from '../../../shared/contract/wave.contract';

/**
 * The orders Manual Wave opens with, carried in its URL (`?order_nos=A,B`): chosen on the sales
 * order list, still to be confirmed on the wave page.
 */
export const manualWaveSearch = (orderNos: readonly string[]): { order_nos: string } => ({ order_nos: orderNos.join(',') });

/** The order numbers of Manual Wave's URL: trimmed, without blanks or repeats, at most a wave's worth. */
export function orderNosOf(search: unknown): string[] {
  const text = typeof search === 'string' ? search : Array.isArray(search) ? search.join(',') : '';
  return [...new Set(text.split(',').map((s) => s.trim()).filter(Boolean))].slice(0, WAVE_ORDERS_MAX);
}
