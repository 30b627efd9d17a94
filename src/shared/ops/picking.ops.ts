import { PICKER_ACCESS } from '../contract/area-access';
import { pickPayload, reversePutPayload, shortPickPayload } from '../contract/picking.contract';
import { defineOp } from './define';

/**
 * Picking on the PDA: what the picking screen queues, online or not. What needs the claimed task
 * (the location and SKU a line asks, the units left) the screen checks first (picking-flow.ts); the
 * server's answer is the truth when two pickers meet at one location. Sales, MT and RTS picking
 * screens queue the same ops: any area's picking permission lets them in, and the server refuses a
 * task whose area's permission the user lacks (area-access.ts).
 */
export const pickingOps = {
  pick: defineOp({
    kind: 'outbound.picking.pick', access: PICKER_ACCESS, payload: pickPayload,
    invalid: /*i18n*/ 'A pick needs the task line, the location, the SKU and a quantity of 1 to 99999.',
  }),
  shortPick: defineOp({
    kind: 'outbound.picking.short_pick', access: PICKER_ACCESS, payload: shortPickPayload,
    invalid: /*i18n*/ 'A short pick needs the task line, a reason and a quantity of 1 to 99999.',
  }),
  reversePut: defineOp({
    kind: 'outbound.picking.reverse_put', access: PICKER_ACCESS, payload: reversePutPayload,
    invalid: /*i18n*/ 'Putting back needs the task line, the cell and a quantity of 1 to 99999.',
  }),
};
