import { filterProps, type FilterItemSettings } from '../../../shared/resources/filter-items';
import { isSkuMappingCode } from '../../../shared/validation';

/** Mapping codes remembered per tab (spec §7: get_sku_by_mapping_code is cached, 2000 entries). */
export const SKU_MAPPING_CACHE_SIZE = 2000;

/** A least-recently-used map: reading an entry makes it the newest, the oldest leaves past the limit. */
export class LruCache<K, V> {
  readonly #entries = new Map<K, V>();
  constructor(readonly limit: number) {}

  get size(): number {
    return this.#entries.size;
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  get(key: K): V | undefined {
    if (!this.#entries.has(key)) return undefined;
    const value = this.#entries.get(key) as V;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    while (this.#entries.size > this.limit) this.#entries.delete(this.#entries.keys().next().value as K);
  }
}

/** Looks a mapping code up on the server: the SKU id it maps to, or null. */
export type SkuLookup = (code: string) => Promise<string | null>;

/**
 * A lookup remembering answers (misses too) in an LRU cache, keyed by warehouse: the same
 * code may map differently in another one.
 */
export function cachedSkuLookup(lookup: (code: string) => Promise<string | null>, whsId: () => string, cache = new LruCache<string, string | null>(SKU_MAPPING_CACHE_SIZE)): SkuLookup {
  return async (code) => {
    const key = `${whsId()}\u0000${code}`;
    if (cache.has(key)) return cache.get(key) ?? null;
    const skuId = await lookup(code);
    cache.set(key, skuId);
    return skuId;
  };
}

/**
 * A compiled search with the `$`/`#` values of its SKU filters replaced by the SKU ids they map
 * to (spec §5). A code that maps to nothing is searched as typed, so the list honestly shows
 * no match rather than dropping the filter.
 */
export async function mapSkuFilters<Q extends Record<string, unknown>>(items: readonly FilterItemSettings[], query: Q, lookup: SkuLookup): Promise<Q> {
  const mapped: Record<string, unknown> = { ...query };
  const mapOne = async (value: string) => (isSkuMappingCode(value) ? ((await lookup(value.trim())) ?? value) : value);
  for (const item of items) {
    if (!item.skuMapping) continue;
    for (const prop of filterProps(item)) {
      const value = mapped[prop];
      if (typeof value === 'string') {
        mapped[prop] = (await Promise.all(value.split(',').map(mapOne))).join(',');
      } else if (Array.isArray(value)) {
        mapped[prop] = await Promise.all(value.map((v) => (typeof v === 'string' ? mapOne(v) : v)));
      }
    }
  }
  return mapped as Q;
}
