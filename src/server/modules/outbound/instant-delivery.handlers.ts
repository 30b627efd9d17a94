import { and, eq } from 'drizzle-orm';
import { HANDOVER_KIND } from '../../../shared/codes';
import type { instantDeliveryContract } from '../../../shared/contract/instant-delivery.contract';
import { shippingHandovers } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { Handlers } from '../../http/register';
import { createPigeonholes, instantConfig, pigeonholeBoard, saveInstantConfig } from './instant-delivery';
import { handoverDetail } from './shipping';

/** The handlers of instant-delivery.contract.ts (placing a parcel is an op: instant-delivery.ops.ts). */
export const instantDeliveryHandlers: Handlers<typeof instantDeliveryContract> = {
  getInstantConfig: (_input, { db, session }) => instantConfig(db, session.whsId),
  saveInstantConfig: (input, { db, session }) => saveInstantConfig(db, session.whsId, session.userId, input),
  getPigeonholeBoard: (_input, { db, session }) => pigeonholeBoard(db, session.whsId),
  createPigeonholes: (input, { db, session }) => createPigeonholes(db, session.whsId, input),
  // A delivery task is a rider's handover: another kind's number is not one.
  async getDeliveryTaskDetail({ assignment_id }, { db, session }) {
    const [h] = await db.select({ kind: shippingHandovers.kind }).from(shippingHandovers)
      .where(and(eq(shippingHandovers.whsId, session.whsId), eq(shippingHandovers.shippingNo, assignment_id)));
    if (h?.kind !== HANDOVER_KIND.values.RIDER) throw notFound(`Delivery task ${assignment_id}`);
    return handoverDetail(db, session.whsId, assignment_id);
  },
};
