import { z } from 'zod';
import { endpoint } from './define';

/** Starting a full stock count needs this (spec §6)… */
export const START_FULL_STOCK_COUNT = 'PC.InventoryManagement.CycleCount.StartFullStockCount';
/** …and ending it this. */
export const END_FULL_STOCK_COUNT = 'PC.InventoryManagement.FullStockCount.EndFullStockCount';

/** The run a start or an end answers with: unix seconds, user ids (null for the system). */
const fullStockCountRun = z.object({
  run_id: z.number().int(),
  started_at: z.number().int(),
  started_by: z.number().int().nullable(),
  ended_at: z.number().int().nullable(),
  ended_by: z.number().int().nullable(),
});

/**
 * The full stock count switch (spec §4, §7). Reading it is get_cycle_count_switch
 * (config.contract.ts, read at session start).
 */
export const fullStockCountContract = {
  operateFullStockCount: endpoint({
    method: 'POST', path: '/apps/process/inventory/fullstockcount/operate_full_stock_count',
    // Each direction has its permission, checked by the handler: StartFullStockCount to start (1), EndFullStockCount to end (0).
    access: 'session',
    summary: `Starts (1) or ends (0) the warehouse's full stock count; starting needs ${START_FULL_STOCK_COUNT}, ending ${END_FULL_STOCK_COUNT}. `
      + 'Starting cancels the open cycle counts and makes the count\'s order over every active cell; ending closes it: differences of what was counted on a difference order, '
      + 'the stock of locations never counted treated as missing on an inventory adjustment (Pending). '
      + 'While it runs stock cannot move (-285023). -285021 when it runs already, -285022 when it is not running.',
    input: z.object({ is_open_full_stock_count: z.union([z.literal(0), z.literal(1)]) }),
    output: z.object({
      is_open_full_stock_count: z.boolean(),
      run: fullStockCountRun,
      /** A start: the count's cycle count order over every active cell (null without one) and the open orders it cancelled. */
      start: z.object({ order_no: z.string().nullable(), cancelled_orders: z.array(z.string()) }).nullable(),
      /** An end: the difference orders of what was counted, and the adjustment task (Pending) of the stock at locations never counted. */
      end: z.object({ diff_nos: z.array(z.string()), adjust_no: z.string().nullable(), uncounted_locations: z.number().int() }).nullable(),
    }),
  }),
} as const;
