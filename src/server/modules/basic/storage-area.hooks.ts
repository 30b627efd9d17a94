import { badInput } from '../../http/errors';
import type { ResourceHooks } from '../../http/resource-handlers';

/** Location codes: letters, digits and single inner dashes (A01, A01-02-03-1), as labels and scanners print them. */
const LOCATION_CODE = /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/;

/** A new zone's id is a location code: printed on labels and scanned. Its cluster and logic area are `ref`s. */
export const zoneHooks: ResourceHooks = {
  prepare(values, current) {
    if (!current && !LOCATION_CODE.test(String(values.zone_id))) throw badInput('zone_id', 'Use letters and digits, optionally joined by single dashes.');
    return values;
  },
};
