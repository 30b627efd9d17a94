import { and, eq, sql } from 'drizzle-orm';
import { CONSUMABLE_STOCK_STATUS } from '../../../shared/codes';
import { consumableBalances as balances, consumables } from '../../db/schema';
import type { RowsQuery } from '../../http/list-query';

const { IN_STOCK, LOW, EMPTY } = CONSUMABLE_STOCK_STATUS.values;
const code = (value: number) => sql.raw(String(Math.trunc(value)));

/** The consumables list: each consumable of the warehouse with its stock and its stock status against its threshold. */
const consumableStockRows: RowsQuery = {
  rows({ db, whsId }) {
    if (whsId === null) throw new Error('the consumables list needs the session\'s warehouse');
    const qty = sql<number>`coalesce(${balances.qty}, 0)`;
    return db.select({
      whs_id: consumables.whsId, consumable_id: consumables.consumableId, consumable_name: consumables.consumableName,
      consumable_type: consumables.consumableType, inner_length_mm: consumables.innerLengthMm, inner_width_mm: consumables.innerWidthMm,
      inner_height_mm: consumables.innerHeightMm,
      inner_size: sql<string | null>`case when ${consumables.innerLengthMm} is null then null
        else ${consumables.innerLengthMm} || '×' || ${consumables.innerWidthMm} || '×' || ${consumables.innerHeightMm} end`.as('inner_size'),
      max_load_g: consumables.maxLoadG, tare_weight_g: consumables.tareWeightG, low_stock_threshold: consumables.lowStockThreshold,
      status: consumables.status,
      stock_qty: sql<number>`${qty}::int`.as('stock_qty'),
      stock_status: sql<number>`case when ${qty} = 0 then ${code(EMPTY)} when ${qty} <= ${consumables.lowStockThreshold} then ${code(LOW)} else ${code(IN_STOCK)} end`
        .as('stock_status'),
      updated_at: balances.updatedAt,
    }).from(consumables)
      .leftJoin(balances, and(eq(balances.whsId, consumables.whsId), eq(balances.consumableId, consumables.consumableId)))
      .where(eq(consumables.whsId, whsId))
      .as('consumable_stock');
  },
  indexedBy: { consumable_id: consumables.consumableId, consumable_name: consumables.consumableName },
  unindexed: { fields: ['stock_qty', 'updated_at'], reason: 'a warehouse has tens of consumables, not thousands' },
};

/** The consumables read models by name. */
export const CONSUMABLE_READS: Readonly<Record<string, RowsQuery>> = { consumable_stock: consumableStockRows };
