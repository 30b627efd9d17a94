import type { z } from 'zod';
import type { Access } from '../contract/define';

/**
 * One kind of offline op (DESIGN.md "Offline and scanning"), declared once: the server applies it
 * (server/modules/<area>/<stem>.ops.ts, typed by this declaration) and the app queues it with
 * `enqueue(op, payload)`, the payload typed by `payload`. See docs/offline.md.
 */
export interface OfflineOp<K extends string = string, S extends z.ZodType = z.ZodType> {
  /** `<area>.<module>.<call>`, dotted lower-case words: stored with every queued op. */
  kind: K;
  /** What the user needs in the warehouse: any session, or a permission (checked again by the server for every op). */
  access: Exclude<Access, 'public'>;
  /** The payload, parsed by the server before applying and checked by the device before queueing. */
  payload: S;
  /**
   * Shown to the operator when the device's check of the payload fails; nothing is queued then.
   * English, marked with the i18n comment (like code labels) so the catalogs carry it under that id (the app shows `i18n._(invalid)`):
   * shared declarations stay free of Lingui's macros, so plain Node (the server, the bench) runs them.
   */
  invalid: string;
}

/** What `enqueue` takes for an op: the payload before the schema's defaults and transforms. */
export type PayloadOf<O extends OfflineOp> = z.input<O['payload']>;

const KIND_FORMAT = /^[a-z0-9_]+(\.[a-z0-9_]+)+$/;

export function defineOp<const K extends string, S extends z.ZodType>(op: OfflineOp<K, S>): OfflineOp<K, S> {
  if (!KIND_FORMAT.test(op.kind)) throw new Error(`Op kind "${op.kind}" must be dotted lower-case words`);
  return op;
}
