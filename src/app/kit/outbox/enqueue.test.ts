import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { defineOp } from '../../../shared/ops';
import { countingOps } from '../../../shared/ops/counting.ops';
import { userSettingsOps } from '../../../shared/ops/user-settings.ops';
import { enqueue } from '.';

describe('enqueue is typed by the ops of src/shared/ops', () => {
  test('a wrong payload or an op outside the list does not compile', () => {
    // Checked by the typecheck, never run (queuing needs a signed-in browser outbox).
    const calls = () => [
      enqueue(userSettingsOps.setUserSetting, { name: 'lang', value: 'vi' }),
      enqueue(countingOps.save, { group_no: 'G1', sku_id: 'S1', qty: 3 }),
      // @ts-expect-error another op's payload
      enqueue(userSettingsOps.setUserSetting, { group_no: 'G1' }),
      // @ts-expect-error a field of the wrong type
      enqueue(countingOps.save, { group_no: 'G1', sku_id: 'S1', qty: '3' }),
      // @ts-expect-error an op not in the shared list
      enqueue(defineOp({ kind: 'test.local.only', access: 'session', payload: z.object({}), invalid: 'test.local.only' }), {}),
      // @ts-expect-error a kind's name instead of its declaration
      enqueue('system.user.set_user_setting', { name: 'lang', value: 'vi' }),
    ];
    expect(calls).toBeTypeOf('function');
  });
});
