import type { mtPackingOps, mtShippingOps } from '../../../shared/ops/mt-shipping.ops';
import type { OpApplies, OpContext } from '../../common/op-apply';
import {
  applyCloseBox, applyClosePallet, applyCloseShipment, applyLoad, applyOpenBox, applyOpenShipment, applyPack, applyPalletize, applyUnload,
} from './mt-shipping';

const actor = (ctx: OpContext) => ({ userId: ctx.userId, opId: ctx.opId });

/** MT packing's ops (shared/ops/mt-shipping.ops.ts), applied exactly once. */
export const mtPackingApplies = {
  openBox: { apply: (tx, p, ctx) => applyOpenBox(tx, ctx.whsId, actor(ctx), p) },
  pack: { apply: (tx, p, ctx) => applyPack(tx, ctx.whsId, actor(ctx), p) },
  closeBox: { apply: (tx, p, ctx) => applyCloseBox(tx, ctx.whsId, actor(ctx), p) },
  palletize: { apply: (tx, p, ctx) => applyPalletize(tx, ctx.whsId, actor(ctx), p) },
  closePallet: { apply: (tx, p, ctx) => applyClosePallet(tx, ctx.whsId, actor(ctx), p) },
} satisfies OpApplies<typeof mtPackingOps>;

/** MT shipping's ops, applied exactly once; the close dispatches in the op's transaction. */
export const mtShippingApplies = {
  open: { apply: (tx, p, ctx) => applyOpenShipment(tx, ctx.whsId, actor(ctx), p) },
  load: { apply: (tx, p, ctx) => applyLoad(tx, ctx.whsId, actor(ctx), p) },
  unload: { apply: (tx, p, ctx) => applyUnload(tx, ctx.whsId, actor(ctx), p) },
  close: { apply: (tx, p, ctx) => applyCloseShipment(tx, ctx.whsId, actor(ctx), p) },
} satisfies OpApplies<typeof mtShippingOps>;
