import type { EndpointDef } from '../../src/shared/contract/define';
import { memberSchema, objectMembers, validSample } from './hostile-inputs';

/**
 * Valid inputs that make a mutation act, for walks that check what it changed: `validSample`
 * fills only the required members, so an update by its key alone changes nothing and proves
 * nothing. `every` gives each member a sample; one sample may be refused as bad input where it is
 * sent (a time zone not of the warehouse's country), so `each` then holds the required members with
 * one optional member at a time: try `every`, and `each` when it is refused as bad input.
 */
export function actingInputs(def: EndpointDef): { every: Record<string, unknown>; each: Record<string, unknown>[] } {
  const required = validSample(def.input) as Record<string, unknown>;
  const optional = objectMembers(def.input).filter((m) => !m.required).map((m) => m.name);
  const sample = (name: string) => validSample(memberSchema(def.input, name)!, name);
  return {
    every: { ...required, ...Object.fromEntries(optional.map((name) => [name, sample(name)])) },
    each: optional.map((name) => ({ ...required, [name]: sample(name) })),
  };
}

/** Whether `data` carries `value` under the member `name` anywhere (a row of another warehouse). */
export function carries(data: unknown, name: string, value: string): boolean {
  if (Array.isArray(data)) return data.some((d) => carries(d, name, value));
  if (data === null || typeof data !== 'object') return false;
  return Object.entries(data).some(([k, v]) => (k === name && String(v) === value) || carries(v, name, value));
}
