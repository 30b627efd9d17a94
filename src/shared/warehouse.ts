import { CURRENCY_BY_COUNTRY, DEFAULT_TIME_ZONE, RMS_WAREHOUSE_PREFIX } from './constants';

/** Country of a warehouse: the first two letters of its id, upper-case (spec §1). */
export function countryOfWarehouse(whsId: string): string {
  return whsId.trim().slice(0, 2).toUpperCase();
}

/** Warehouses whose id begins with "vn" (any case) carry is_rms (spec §1). */
export function isRmsWarehouse(whsId: string): boolean {
  return whsId.trim().toLowerCase().startsWith(RMS_WAREHOUSE_PREFIX);
}

/** Currency code of the warehouse's country; null where the spec lists none (TW, SZ). */
export function currencyOf(whsId: string): string | null {
  return CURRENCY_BY_COUNTRY[countryOfWarehouse(whsId)] ?? null;
}

/** The warehouse's IANA time zone, or Asia/Shanghai when it is missing or unknown (spec §3/§8). */
export function timeRegionOrDefault(timeRegion: string | null | undefined): string {
  const tz = timeRegion?.trim();
  if (!tz) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}
