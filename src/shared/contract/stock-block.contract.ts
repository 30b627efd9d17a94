import { z } from 'zod';
import { codeEnum, LOCATION_STATUS, QUALITY } from '../codes';
import { SKU_ID_MAX } from '../resources/sku.resource';
import { BATCH_ID_MAX, LOCATION_CODE_MAX, QTY_MAX } from '../resources/stock-fields';
import { pageActionPerm } from '../routes/derive';
import { endpoint } from './define';

/**
 * Block and unblock of stock and of locations (spec §2 Inventory Management, §3 location status
 * Blocked 2). Every block and unblock is logged (the block and unblock logs of the inventory map).
 * The lists are the registry's (resources/stock-block.resource.ts), read with their page's permission;
 * each block and unblock needs the page's Action permission.
 */

const STOCK = { perm: pageActionPerm('/inventorymanage/stockblock', 'Action') };
const LOCATION = { perm: pageActionPerm('/inventorymanage/locationblock', 'Action') };

/** Longest reason of a block or unblock (the block log keeps it). */
export const BLOCK_REASON_MAX = 200;

const text = (max: number) => z.string().trim().min(1).max(max);
const quality = z.literal(codeEnum(QUALITY).values as unknown as readonly [1, 2]);

const stockInput = z.object({
  location_id: text(LOCATION_CODE_MAX),
  sku_id: text(SKU_ID_MAX),
  batch_id: text(BATCH_ID_MAX),
  quality,
  qty: z.number().int().min(1).max(QTY_MAX),
  reason: text(BLOCK_REASON_MAX),
});

const balance = z.object({
  location_id: z.string(), sku_id: z.string(), batch_id: z.string(), quality,
  onhand_qty: z.number().int(), locked_qty: z.number().int(), available_qty: z.number().int(),
});

const locationInput = z.object({ location_code: text(LOCATION_CODE_MAX), reason: text(BLOCK_REASON_MAX) });
const locationOutput = z.object({
  location_code: z.string(),
  status: z.literal(codeEnum(LOCATION_STATUS).values as unknown as readonly [1, 2, 3, 4]),
  /** Units the block took out of available, or the unblock gave back. */
  qty: z.number().int(),
});

export const stockBlockContract = {
  blockStock: endpoint({
    method: 'POST', path: '/apps/process/inventory/stockblock/block_stock', access: STOCK,
    summary: 'Blocks available units of a balance with a reason (they stay on hand but cannot be taken); -286001 when fewer are available.',
    input: stockInput,
    output: balance,
  }),
  unblockStock: endpoint({
    method: 'POST', path: '/apps/process/inventory/stockblock/unblock_stock', access: STOCK,
    summary: 'Unblocks units blocked by hand, with a reason; -286004 when the units are held by a document (a blocked location, a cycle count), '
      + '-286001 when fewer are blocked.',
    input: stockInput,
    output: balance,
  }),
  blockLocation: endpoint({
    method: 'POST', path: '/apps/process/inventory/locationblock/block_location', access: LOCATION,
    summary: 'Blocks a normal cell with a reason (status Blocked 2): its available units are blocked with it and putaway no longer suggests it. '
      + '-100412 for a cell that is not normal.',
    input: locationInput,
    output: locationOutput,
  }),
  unblockLocation: endpoint({
    method: 'POST', path: '/apps/process/inventory/locationblock/unblock_location', access: LOCATION,
    summary: 'Unblocks a blocked cell with a reason (status Normal 1), unblocking the units its block held; units blocked otherwise stay blocked. '
      + '-100412 for a cell that is not blocked.',
    input: locationInput,
    output: locationOutput,
  }),
} as const;
