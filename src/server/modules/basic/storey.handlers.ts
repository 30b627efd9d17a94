import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { storageAreaContract } from '../../../shared/contract/storage-area.contract';
import { storeyResource } from '../../../shared/resources/storey.resource';
import type { Db } from '../../db/client';
import { cells, storeys } from '../../db/schema';
import { badInput, notFound } from '../../http/errors';
import type { Handlers } from '../../http/register';
import { resourceHandlers } from '../../http/resource-handlers';
import { readConfValue } from '../config/conf';

type StoreyCalls = Pick<typeof storageAreaContract, 'searchStorey' | 'getWhsStoreyNameSetup' | 'createStorey' | 'updateStorey' | 'deleteStorey'>;
type StoreyHandlers = Handlers<StoreyCalls>;

/** The warehouse setting that turns named storeys (the Storey tab) on. */
export const STOREY_NAME_SETUP = 'storey_name_setup';

async function nameSetupOn(db: Db, whsId: string): Promise<boolean> {
  return /^\s*(1|true|on|yes)\s*$/i.test((await readConfValue(db, whsId, STOREY_NAME_SETUP)) ?? '');
}

async function requireNameSetup(db: Db, whsId: string) {
  if (!(await nameSetupOn(db, whsId))) throw badInput('', 'Storeys are not set up in this warehouse: turn on the storey_name_setup setting first.');
}

/** Refuses a storey number or name (any case) another storey of the warehouse has. */
async function checkUnique(db: Db, whsId: string, values: { storey_no?: unknown; storey_name?: unknown }, exceptId?: number) {
  const others = exceptId === undefined ? [] : [ne(storeys.storeyId, exceptId)];
  if (typeof values.storey_no === 'number') {
    const [taken] = await db.select({ id: storeys.storeyId }).from(storeys)
      .where(and(eq(storeys.whsId, whsId), eq(storeys.storeyNo, values.storey_no), ...others)).limit(1);
    if (taken) throw badInput('storey_no', `Storey number ${values.storey_no} is already used in this warehouse.`);
  }
  if (typeof values.storey_name === 'string') {
    const [taken] = await db.select({ id: storeys.storeyId }).from(storeys)
      .where(and(eq(storeys.whsId, whsId), sql`lower(${storeys.storeyName}) = lower(${values.storey_name})`, ...others)).limit(1);
    if (taken) throw badInput('storey_name', `Storey name ${values.storey_name} is already used in this warehouse.`);
  }
}

const storey = resourceHandlers(storeyResource, storeys);

/** Storeys (spec §7 /apps/basic/storey/): listed always, changed only while the warehouse names its storeys. */
export const storeyHandlers: StoreyHandlers = {
  searchStorey: storey.list as StoreyHandlers['searchStorey'],

  async getWhsStoreyNameSetup(_input, { db, session }) {
    return { storey_name_setup: (await nameSetupOn(db, session.whsId)) ? 1 : 0 };
  },

  // Storeys change only while the warehouse names them, and keep number and name unique: checked
  // first to name the field (the unique indexes stand behind it), before the generic call's transaction.
  async createStorey(input, ctx) {
    await requireNameSetup(ctx.db, ctx.session.whsId);
    await checkUnique(ctx.db, ctx.session.whsId, input);
    return storey.create(input, ctx) as ReturnType<StoreyHandlers['createStorey']>;
  },
  async updateStorey(input, ctx) {
    await requireNameSetup(ctx.db, ctx.session.whsId);
    await checkUnique(ctx.db, ctx.session.whsId, input, input.storey_id);
    return storey.update(input, ctx) as ReturnType<StoreyHandlers['updateStorey']>;
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
