import { describe, expect, it, vi } from 'vitest';
import type { FilterItemSettings } from '../../../shared/resources/filter-items';
import { LruCache, SKU_MAPPING_CACHE_SIZE, cachedSkuLookup, mapSkuFilters } from './sku-mapping';

const items: FilterItemSettings[] = [
  { prop: 'sku_id', label: 'SKU ID', filterType: 'card', skuMapping: true },
  { prop: 'supplier_id', label: 'Supplier ID', filterType: 'card' },
];
const codes: Record<string, string> = { $SHOP1: 'SKU1', '#MODEL7': 'SKU7' };
const lookup = async (code: string) => codes[code] ?? null;

describe('mapSkuFilters', () => {
  it('replaces $ and # codes in SKU filters only, keeping plain ids and unknown codes', async () => {
    const query = { sku_id: '$SHOP1,SKU9,#MODEL7,$NOPE', supplier_id: '$SHOP1', page_no: 1 };
    expect(await mapSkuFilters(items, query, lookup)).toEqual({ sku_id: 'SKU1,SKU9,SKU7,$NOPE', supplier_id: '$SHOP1', page_no: 1 });
  });

  it('maps list values and leaves a search without SKU filters alone', async () => {
    expect(await mapSkuFilters(items, { sku_id: ['#MODEL7', 'A'] }, lookup)).toEqual({ sku_id: ['SKU7', 'A'] });
    expect(await mapSkuFilters(items, { page_no: 2 }, lookup)).toEqual({ page_no: 2 });
  });
});

describe('cachedSkuLookup', () => {
  it('asks the server once per code and warehouse, misses included', async () => {
    const server = vi.fn(lookup);
    let whs = 'SGSIN1';
    const cached = cachedSkuLookup(server, () => whs);
    expect(await cached('$SHOP1')).toBe('SKU1');
    expect(await cached('$SHOP1')).toBe('SKU1');
    expect(await cached('$NOPE')).toBeNull();
    expect(await cached('$NOPE')).toBeNull();
    expect(server).toHaveBeenCalledTimes(2);
    whs = 'IDJKT1';
    await cached('$SHOP1');
    expect(server).toHaveBeenCalledTimes(3);
  });

  it('keeps at most 2000 codes, dropping the least recently used', async () => {
    const cache = new LruCache<string, string | null>(SKU_MAPPING_CACHE_SIZE);
    const server = vi.fn(async (code: string) => `SKU-${code}`);
    const cached = cachedSkuLookup(server, () => 'W', cache);
    for (let i = 0; i < SKU_MAPPING_CACHE_SIZE; i++) await cached(`$${i}`);
    await cached('$0'); // now the newest
    await cached('$new'); // evicts $1, the oldest
    expect(cache.size).toBe(SKU_MAPPING_CACHE_SIZE);
    server.mockClear();
    await cached('$0');
    expect(server).not.toHaveBeenCalled();
    await cached('$1');
    expect(server).toHaveBeenCalledTimes(1);
  });
});
