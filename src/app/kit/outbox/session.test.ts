import { describe, expect, test } from 'vitest';
import { bindOutboxSession, connectOutboxSession } from './session';
import type { OutboxContext } from './outbox';

describe('the outbox session binding', () => {
  test('a session bound before the outbox loads is the one it queues for; later changes follow', () => {
    // The shell binds as it first renders; the outbox module loads later, with the first screen using it.
    bindOutboxSession({ userId: 7, whsId: 'SGSIN1' });
    const seen: (OutboxContext | null)[] = [];
    connectOutboxSession((ctx) => seen.push(ctx));
    expect(seen).toEqual([{ userId: 7, whsId: 'SGSIN1' }]);
    bindOutboxSession({ userId: 7, whsId: 'IDBDG1' });
    bindOutboxSession(null);
    expect(seen).toEqual([{ userId: 7, whsId: 'SGSIN1' }, { userId: 7, whsId: 'IDBDG1' }, null]);
  });

  test('an outbox connected while signed out is not told anything until a session is bound', () => {
    const seen: (OutboxContext | null)[] = [];
    connectOutboxSession((ctx) => seen.push(ctx));
    expect(seen).toEqual([]);
    bindOutboxSession({ userId: 9, whsId: 'SGSIN1' });
    expect(seen).toEqual([{ userId: 9, whsId: 'SGSIN1' }]);
  });
});
