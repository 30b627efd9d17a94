import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { inventoryAdjustmentLines as lines, inventoryAdjustments as adjustments, users } from '../../db/schema';
import type { RowsQuery } from '../../http/list-query';

const creator = alias(users, 'creator');
const approver = alias(users, 'approver');

/** Adjustments with their number of lines and who created and approved them (emails). */
const adjustmentRows: RowsQuery = {
  rows({ db, whsId }) {
    if (whsId === null) throw new Error('the adjustment list needs the session\'s warehouse');
    return db.select({
      whs_id: adjustments.whsId, adjust_no: adjustments.adjustNo, status: adjustments.status, reason: adjustments.reason,
      line_count: sql<number>`(select count(*)::int from ${lines} where ${lines.whsId} = ${adjustments.whsId} and ${lines.adjustNo} = ${adjustments.adjustNo})`.as('line_count'),
      addition_qty: adjustments.additionQty, deduction_qty: adjustments.deductionQty, remark: adjustments.remark,
      created_by: sql<string | null>`${creator.email}`.as('created_by'), created_at: adjustments.createdAt,
      approved_by: sql<string | null>`${approver.email}`.as('approved_by'), approved_at: adjustments.approvedAt,
      adjusted_at: adjustments.adjustedAt, close_reason: adjustments.closeReason,
    }).from(adjustments)
      .leftJoin(creator, eq(creator.userId, adjustments.createdBy))
      .leftJoin(approver, eq(approver.userId, adjustments.approvedBy))
      .where(eq(adjustments.whsId, whsId))
      .as('adjustments');
  },
  indexedBy: { adjust_no: adjustments.adjustNo, created_at: adjustments.createdAt },
};

/** The adjustment read models by name. */
export const ADJUSTMENT_READS: Readonly<Record<string, RowsQuery>> = { adjustments: adjustmentRows };
