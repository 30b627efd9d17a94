import { z } from 'zod';
import { codeEnum, INVENTORY_ADJUSTMENT_DIRECTION, INVENTORY_ADJUSTMENT_REASON, INVENTORY_ADJUSTMENT_STATUS, QUALITY, STOCK_LOCATION_TYPE } from '../codes';
import { ADJUST_NO_MAX, ADJUSTMENT_REMARK_MAX } from '../resources/adjustment.resource';
import { SKU_ID_MAX } from '../resources/sku.resource';
import { BATCH_ID_MAX, LOCATION_CODE_MAX, QTY_MAX } from '../resources/stock-fields';
import { derivePerm, pageActionPerm } from '../routes/derive';
import { endpoint } from './define';

/**
 * Inventory adjustments (spec §2 /inventorymanage/adjust: view, create, approve, adjust; §3
 * statuses, directions, reasons; §4 lifecycle, shared/lifecycles.ts ADJUSTMENT_LIFECYCLE). The
 * list is the registry's (resources/adjustment.resource.ts). Each call needs its page's
 * permission (adjusting directly, the Adjust page's Action permission); a move the lifecycle does
 * not allow is -100412.
 */

const ADJUSTMENT = '/apps/process/inventory/adjustment';
const VIEW = { perm: derivePerm('/inventorymanage/adjust') };
const CREATE = { perm: derivePerm('/inventorymanage/adjust/create') };
const APPROVE = { perm: derivePerm('/inventorymanage/adjust/approve') };
const ADJUST = { perm: pageActionPerm('/inventorymanage/adjust/adjust', 'Action') };

/** Most lines one adjustment holds. */
export const ADJUSTMENT_MAX_LINES = 200;
/** Longest reason for a rejection or cancellation. */
export const ADJUSTMENT_CLOSE_REASON_MAX = 200;

const text = (max: number) => z.string().trim().min(1).max(max);
const codeOf = <V extends number>(values: readonly V[]) => z.literal(values as unknown as readonly [V, ...V[]]);
const adjustNoInput = z.object({ adjust_no: text(ADJUST_NO_MAX) });
const time = z.number().int().nullable();

export const adjustmentLineInput = z.object({
  location_id: text(LOCATION_CODE_MAX),
  sku_id: text(SKU_ID_MAX),
  batch_id: text(BATCH_ID_MAX),
  quality: codeOf(codeEnum(QUALITY).values),
  direction: codeOf(codeEnum(INVENTORY_ADJUSTMENT_DIRECTION).values),
  qty: z.number().int().min(1).max(QTY_MAX),
});

const adjustmentLine = adjustmentLineInput.extend({
  line_no: z.number().int(),
  location_type: codeOf(codeEnum(STOCK_LOCATION_TYPE).values).nullable(),
  zone_id: z.string().nullable(),
  sku_name: z.string(),
  /** The balance's on hand when the line was made, and now. */
  onhand_at_create: z.number().int(),
  onhand_qty: z.number().int(),
  available_qty: z.number().int(),
  /** The ledger row the adjustment posted, once adjusted. */
  txn_id: z.number().int().nullable(),
});

/** An adjustment with its lines, as every call of this module answers it. */
export const adjustmentDetail = z.object({
  adjust_no: z.string(),
  status: codeOf(codeEnum(INVENTORY_ADJUSTMENT_STATUS).values),
  reason: codeOf(codeEnum(INVENTORY_ADJUSTMENT_REASON).values),
  remark: z.string().nullable(),
  addition_qty: z.number().int(),
  deduction_qty: z.number().int(),
  created_by_id: z.number().int().nullable(),
  created_by: z.string().nullable(),
  created_at: z.number().int(),
  submitted_at: time,
  /** Who approved or rejected it, and when. */
  approved_by: z.string().nullable(),
  approved_at: time,
  adjusted_by: z.string().nullable(),
  adjusted_at: time,
  closed_at: time,
  /** Why it was rejected, cancelled or failed. */
  close_reason: z.string().nullable(),
  lines: z.array(adjustmentLine),
});

export const adjustmentContract = {
  getAdjustmentDetail: endpoint({
    method: 'GET', path: `${ADJUSTMENT}/get_adjustment_detail`, access: VIEW,
    summary: 'One adjustment of the warehouse with its lines, each with its balance\'s on hand then and now; -100404 when there is none.',
    input: adjustNoInput,
    output: adjustmentDetail,
  }),
  getAdjustmentStock: endpoint({
    method: 'GET', path: `${ADJUSTMENT}/get_adjustment_stock`, access: CREATE,
    summary: 'For a new line: the SKU\'s balances at a location (batch, quality, on hand, available) and the SKU\'s batches; -100404 for an unknown location or SKU.',
    input: z.object({ location_id: text(LOCATION_CODE_MAX), sku_id: text(SKU_ID_MAX) }),
    output: z.object({
      location_id: z.string(),
      location_type: codeOf(codeEnum(STOCK_LOCATION_TYPE).values),
      sku_id: z.string(),
      sku_name: z.string(),
      balances: z.array(z.object({
        batch_id: z.string(), quality: codeOf(codeEnum(QUALITY).values), onhand_qty: z.number().int(), locked_qty: z.number().int(), available_qty: z.number().int(),
      })),
      batches: z.array(z.object({ batch_id: z.string(), production_date: z.string().nullable(), expiry_date: z.string().nullable() })),
    }),
  }),
  createAdjustment: endpoint({
    method: 'POST', path: `${ADJUSTMENT}/create_adjustment`, access: CREATE,
    summary: 'Creates an adjustment (Created, or Pending with submit 1): a reason of spec §3 and lines of location, SKU, batch, quality, '
      + 'direction (deduction 1, addition 2) and qty. -100400 names the line: a repeated balance, a deduction beyond what is available, '
      + 'an addition to a deleted location; -100404 for an unknown location, SKU or batch.',
    input: z.object({
      reason: codeOf(codeEnum(INVENTORY_ADJUSTMENT_REASON).values),
      remark: z.string().trim().max(ADJUSTMENT_REMARK_MAX).nullable().optional(),
      lines: z.array(adjustmentLineInput).min(1).max(ADJUSTMENT_MAX_LINES),
      submit: z.literal([0, 1]).default(0),
    }),
    output: adjustmentDetail,
  }),
  submitAdjustment: endpoint({
    method: 'POST', path: `${ADJUSTMENT}/submit_adjustment`, access: CREATE,
    summary: 'Sends a created adjustment for approval (Created → Pending).',
    input: adjustNoInput,
    output: adjustmentDetail,
  }),
  approveAdjustment: endpoint({
    method: 'POST', path: `${ADJUSTMENT}/approve_adjustment`, access: APPROVE,
    summary: 'Approves a pending adjustment (Pending → Approved); -286003 when the approver created it.',
    input: adjustNoInput,
    output: adjustmentDetail,
  }),
  rejectAdjustment: endpoint({
    method: 'POST', path: `${ADJUSTMENT}/reject_adjustment`, access: APPROVE,
    summary: 'Rejects a pending adjustment with a reason (Pending → Rejected); -286003 when the approver created it.',
    input: adjustNoInput.extend({ reason: text(ADJUSTMENT_CLOSE_REASON_MAX) }),
    output: adjustmentDetail,
  }),
  cancelAdjustment: endpoint({
    method: 'POST', path: `${ADJUSTMENT}/cancel_adjustment`, access: CREATE,
    summary: 'Cancels an adjustment not yet adjusted (Created, Pending, Locked or Approved → Cancel), with an optional reason.',
    input: adjustNoInput.extend({ reason: z.string().trim().max(ADJUSTMENT_CLOSE_REASON_MAX).nullable().optional() }),
    output: adjustmentDetail,
  }),
  adjustInventory: endpoint({
    method: 'POST', path: `${ADJUSTMENT}/adjust_inventory`, access: ADJUST,
    summary: 'Posts an approved adjustment through the ledger in one transaction (Approved → Adjusting → Done): Adjust Decrease 12 for '
      + 'deductions, Adjust Increase 13 for additions, reference ADJUSTMENT. When its stock is no longer there the adjustment becomes Fail '
      + 'with the reason, nothing is posted, and the answer is -286002.',
    input: adjustNoInput,
    output: adjustmentDetail,
  }),
} as const;
