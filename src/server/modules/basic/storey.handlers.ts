import { and, count, eq } from 'drizzle-orm';
import type { storageAreaContract } from '../../../shared/contract/storage-area.contract';
import { cells, storeys } from '../../db/schema';
import { badInput, notFound } from '../../http/errors';
import type { Handlers } from '../../http/register';
import { nameSetupOn, requireNameSetup } from './storey.hooks';

type StoreyCalls = Pick<typeof storageAreaContract, 'getWhsStoreyNameSetup' | 'deleteStorey'>;

/** Storey calls beyond the storey resource's own (spec §7 /apps/basic/storey/): the setting, and deleting an unused storey. */
export const storeyHandlers: Handlers<StoreyCalls> = {
  async getWhsStoreyNameSetup(_input, { db, session }) {
    return { storey_name_setup: (await nameSetupOn(db, session.whsId)) ? 1 : 0 };
  },

  async deleteStorey(input, { db, session }) {
    await requireNameSetup(db, session.whsId);
    return db.transaction(async (tx) => {
      const where = and(eq(storeys.whsId, session.whsId), eq(storeys.storeyId, input.storey_id));
      // Locked, so no cell can be put on it between the count and the delete.
      const [found] = await tx.select({ name: storeys.storeyName }).from(storeys).where(where).for('update');
      if (!found) throw notFound(`storey ${input.storey_id}`);
      const [used] = await tx.select({ n: count() }).from(cells).where(and(eq(cells.whsId, session.whsId), eq(cells.storeyId, input.storey_id)));
      const n = Number(used?.n ?? 0);
      if (n > 0) throw badInput('storey_id', `Storey ${found.name} is used by ${n} cells: move them to another storey before deleting it.`);
      await tx.delete(storeys).where(where);
      return { storey_id: input.storey_id };
    });
  },
};
