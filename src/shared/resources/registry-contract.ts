import type { EndpointDef } from '../contract/define';
import type { FieldDef, ResourceApi, ResourceDef } from './define';
import { resourceContract, type ResourceContract } from './endpoints';
import { RESOURCES } from './registry';

/** The contract side of the resource registry: every registered resource's entries, built with their zod schemas. */

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type ContractOf<D> = D extends ResourceDef<infer F extends Record<string, FieldDef>, infer K extends string, infer A> ? (A extends ResourceApi ? ResourceContract<F, K, A> : never) : never;

/** The contract entries of every registered resource, under their names (searchSupplier, createZone…). */
export type ResourcesContract = UnionToIntersection<ContractOf<(typeof RESOURCES)[number]>>;

function mergeContracts(): ResourcesContract {
  const merged: Record<string, EndpointDef> = {};
  for (const def of RESOURCES as readonly ResourceDef[]) {
    for (const [name, entry] of Object.entries(resourceContract(def as ResourceDef<Record<string, FieldDef>, string, ResourceApi>))) {
      if (merged[name]) throw new Error(`contract entry ${name} is declared by two resources`);
      merged[name] = entry as EndpointDef;
    }
  }
  return merged as ResourcesContract;
}

export const resourcesContract: ResourcesContract = mergeContracts();
