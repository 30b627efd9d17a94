import { sessionContract } from './session.contract';
import { configContract } from './config.contract';
import { syncContract } from './sync.contract';
import { notificationContract } from './notification.contract';
import { supplierContract } from './supplier.contract';
import type { EndpointDef } from './define';

/** Every endpoint of the API, declared once: the server registers, the client calls, OpenAPI documents. */
export const contract = {
  ...sessionContract,
  ...configContract,
  ...syncContract,
  ...notificationContract,
  ...supplierContract,
} as const satisfies Record<string, EndpointDef>;

export type Contract = typeof contract;
export type EndpointName = keyof Contract;
export * from './define';
