import type { AppOp, PayloadOf } from '../../../shared/ops';
import { OutboxDb } from './db';
import { Outbox } from './outbox';
import { apiTransport } from './transport';
import { connectOutboxSession } from './session';

export { OpValidationError } from './outbox';
export type { OutboxOp, OpState } from './db';
export type { OutboxStatus, DrainState } from './outbox';

/** The app version reported in heartbeats (the package version, set by vite.config.ts). */
const APP_VERSION = String(import.meta.env.VITE_APP_VERSION ?? '');

let instance: Outbox | null = null;

/** The app's outbox: the `tally-outbox` database drained through callApi (created on first use). */
export function appOutbox(): Outbox {
  if (!instance) {
    instance = new Outbox({ db: new OutboxDb(), transport: apiTransport, appVersion: APP_VERSION });
    instance.start();
    const outbox = instance;
    connectOutboxSession((ctx) => outbox.setContext(ctx));
  }
  return instance;
}

/**
 * Queues an op of the signed-in user (see Outbox.enqueue): one of the ops declared in shared/ops,
 * with the payload its schema takes.
 */
export const enqueue = <O extends AppOp>(op: O, payload: PayloadOf<O>) => appOutbox().enqueue(op, payload);
