import { z } from 'zod';
import { derivePerm } from '../routes/derive';
import { endpoint } from './define';
import { docCode } from './sales-order.contract';

/**
 * What the packing and checking stations ask of the consumables rules (docs/consumables.md): the
 * packaging rule's box suggestion for an order, and the weight validation verdict of a weighed
 * parcel. The rules themselves and the consumables are resources (resources/consumable.resource.ts).
 */

const PACKING = '/apps/process/outbound/packing';
const CHECKING = '/apps/process/outbound/checking';

/** Why no box is suggested. */
export const PACKAGING_REASONS = ['no_items', 'sku_without_dimensions', 'no_rule', 'no_box', 'item_too_large', 'too_many_units'] as const;

export const packagingParcelSchema = z.object({
  parcel_no: z.number().int(),
  consumable_id: z.string(),
  consumable_name: z.string(),
  /** Inner length, width and height of the box (mm). */
  inner_size_mm: z.array(z.number().int()),
  items: z.array(z.object({ sku_id: z.string(), qty: z.number().int() })),
  /** The items' volume as a share of the box's (percent). */
  fill_pct: z.number().int(),
  items_weight_g: z.number().int(),
  /** Items, box and filler: what the scale should read. */
  expected_weight_g: z.number().int(),
  filler: z.object({ consumable_id: z.string(), consumable_name: z.string(), qty: z.number().int() }).nullable(),
});

export const packagingSuggestionSchema = z.object({
  /** fits: one parcel; split: several, each in its box; none: see reason. */
  status: z.enum(['fits', 'split', 'none']),
  rule_id: z.number().int().nullable(),
  rule_name: z.string().nullable(),
  fill_factor_pct: z.number().int().nullable(),
  order_weight_g: z.number().int().nullable(),
  order_volume_cm3: z.number().int().nullable(),
  parcels: z.array(packagingParcelSchema),
  reason: z.object({ code: z.enum(PACKAGING_REASONS), message: z.string(), sku_ids: z.array(z.string()) }).nullable(),
});
export type PackagingSuggestion = z.infer<typeof packagingSuggestionSchema>;

export const weightVerdictSchema = z.object({
  ok: z.boolean(),
  min_g: z.number().int(),
  max_g: z.number().int(),
  tolerance_g: z.number().int(),
  /** The weight band applied; null: the default tolerance (±5 %, at least 20 g). */
  band_id: z.number().int().nullable(),
});

const grams = z.coerce.number().int().min(0).max(10_000_000);

export const consumablesContract = {
  suggestPackaging: endpoint({
    method: 'GET', path: `${PACKING}/suggest_packaging`, access: { perm: derivePerm('/salesoutbound/packing') },
    summary: 'The packaging rule\'s suggestion for a sales order of the warehouse: the smallest allowed box or pouch that holds it, else a split into parcels each with its box, else the reason (a SKU without size, no rule, no box in stock, an item too large). -100404 for an order of another warehouse.',
    input: z.object({ order_no: docCode(32) }),
    output: packagingSuggestionSchema.extend({ order_no: z.string() }),
  }),
  checkParcelWeight: endpoint({
    method: 'GET', path: `${CHECKING}/check_parcel_weight`, access: { perm: derivePerm('/salesoutbound/checking') },
    summary: 'The weight validation verdict of a weighed parcel: whether the actual weight is within the tolerance of the warehouse\'s band for the expected weight, and the bounds.',
    input: z.object({ expected_g: grams, actual_g: grams }),
    output: weightVerdictSchema,
  }),
} as const;
