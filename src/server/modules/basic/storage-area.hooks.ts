import { assertLocationCode } from '../../common/location-code';
import type { ResourceHooks } from '../../http/resource-handlers';

/** Hooks checking a new location's code; its references (`ref`) are checked by the resource kit. */
const newCode = (field: string): ResourceHooks => ({
  prepare(values, current) {
    if (!current) assertLocationCode(field, values[field]);
    return values;
  },
});

export const zoneHooks = newCode('zone_id');
export const pathwayHooks = newCode('pathway_id');
