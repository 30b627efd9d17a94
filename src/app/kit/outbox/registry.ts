import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The client side of the op registry: every kind the outbox may queue. A screen adds its kind
 * in a few lines (`defineClientOpKind({ kind: 'inbound.counting.save_counting_record', validate })`);
 * the server's registry of the same name applies it. `validate` refuses a payload before it is
 * queued (the message is shown to the operator); the server validates again when applying.
 */
export interface ClientOpKind<P extends Record<string, unknown> = Record<string, unknown>> {
  kind: string;
  validate?: (payload: P) => MessageDescriptor | null;
}

const kinds = new Map<string, ClientOpKind>();

export function defineClientOpKind<P extends Record<string, unknown>>(def: ClientOpKind<P>): ClientOpKind<P> {
  if (!/^[a-z0-9_]+(\.[a-z0-9_]+)+$/.test(def.kind)) throw new Error(`Op kind "${def.kind}" must be dotted lower-case words`);
  const existing = kinds.get(def.kind);
  if (existing && existing !== (def as unknown as ClientOpKind)) throw new Error(`Op kind "${def.kind}" is defined twice`);
  kinds.set(def.kind, def as unknown as ClientOpKind);
  return def;
}

export function clientOpKind(kind: string): ClientOpKind | undefined {
  return kinds.get(kind);
}

/** Thrown by enqueue for an unknown kind or a payload its validator refuses; nothing is queued. */
export class OpValidationError extends Error {
  override readonly name = 'OpValidationError';
  constructor(readonly kind: string, readonly descriptor: MessageDescriptor) {
    super(descriptor.message ?? descriptor.id);
  }
}

export const unknownKindMessage = (kind: string): MessageDescriptor => msg`Unknown operation kind: ${kind}`;

/**
 * A user setting (name, value), queued: the first real kind, also used to test the outbox end
 * to end against the server (`system.user.set_user_setting` of the server's op registry).
 */
export const setUserSettingOp = defineClientOpKind<{ name?: unknown; value?: unknown }>({
  kind: 'system.user.set_user_setting',
  validate: ({ name, value }) => {
    if (typeof name !== 'string' || !/^[A-Za-z0-9_.-]{1,64}$/.test(name)) return msg`The setting name must be 1 to 64 letters, digits, _ . or -.`;
    if (typeof value !== 'string' || value.length > 2000) return msg`The setting value must be text of at most 2000 characters.`;
    return null;
  },
});
