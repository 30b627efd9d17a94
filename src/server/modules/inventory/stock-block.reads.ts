import { and, eq, ne, sql } from 'drizzle-orm';
import { LOCATION_STATUS, STOCK_LOCATION_TYPE } from '../../../shared/codes';
import { cells, locationInventory as li } from '../../db/schema';
import type { RowsQuery } from '../../http/list-query';

/**
 * A figure of the cell's balances, read for the rows of the page only (an index lookup each). The
 * outer row is named explicitly: drizzle leaves the table off columns of a one-table select, so
 * `whs_id` would be the balance's own and the figure would sum the code's balances of every warehouse.
 */
const cellFigure = (figure: ReturnType<typeof sql>, name: string) => sql<number>`(select ${figure} from ${li}
  where ${li.whsId} = ${sql.raw('cells.whs_id')} and ${li.locationId} = ${sql.raw('cells.location_code')} and ${li.locationType} = ${sql.raw(String(STOCK_LOCATION_TYPE.values.CELL))})`.as(name);

/** The cells of the warehouse (deleted ones left out) with their status and stock: what the location block page acts on. */
const locationStock: RowsQuery = {
  rows({ db, whsId }) {
    if (whsId === null) throw new Error('the location block list needs the session\'s warehouse');
    return db.select({
      whs_id: cells.whsId, location_code: cells.locationCode, zone_id: cells.zoneId, pathway_id: cells.pathwayId, status: cells.status,
      sku_count: cellFigure(sql`count(distinct ${li.skuId}) filter (where ${li.onhandQty} > 0)::int`, 'sku_count'),
      onhand_qty: cellFigure(sql`coalesce(sum(${li.onhandQty}), 0)::int`, 'onhand_qty'),
      locked_qty: cellFigure(sql`coalesce(sum(${li.lockedQty}), 0)::int`, 'locked_qty'),
      available_qty: cellFigure(sql`coalesce(sum(${li.availableQty}), 0)::int`, 'available_qty'),
    }).from(cells)
      .where(and(eq(cells.whsId, whsId), ne(cells.status, LOCATION_STATUS.values.DELETED)))
      .as('location_stock');
  },
  indexedBy: { location_code: cells.locationCode },
};

/** The stock block read models by name (the balances are the inventory maps'). */
export const STOCK_BLOCK_READS: Readonly<Record<string, RowsQuery>> = { location_stock: locationStock };
