import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cells, storeys } from '../../db/schema';
import { badInput } from '../../http/errors';
import type { ResourceHooks } from '../../http/resource-handlers';
import { readConfValue } from '../../common/conf';

/** The warehouse setting that turns named storeys (the Storey tab) on. */
export const STOREY_NAME_SETUP = 'storey_name_setup';

export async function nameSetupOn(db: Db, whsId: string): Promise<boolean> {
  return /^\s*(1|true|on|yes)\s*$/i.test((await readConfValue(db, whsId, STOREY_NAME_SETUP)) ?? '');
}

export async function requireNameSetup(db: Db, whsId: string) {
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

/**
 * Storeys change only while the warehouse names them (spec §2: the tab depends on storey_name_setup)
 * and keep number and name unique: checked to name the field, the unique indexes stand behind it.
 * A storey cells are on is kept, with their number in the refusal.
 */
export const storeyHooks: ResourceHooks = {
  async prepare(values, current, { db, session }) {
    await requireNameSetup(db, session.whsId);
    await checkUnique(db, session.whsId, values, current ? Number(current.storey_id) : undefined);
    return values;
  },
  async beforeDelete(row, tx, { db, session }) {
    await requireNameSetup(db, session.whsId);
    // The storey's row is locked, so no cell can be put on it between the count and the delete.
    const [used] = await tx.select({ n: count() }).from(cells).where(and(eq(cells.whsId, session.whsId), eq(cells.storeyId, Number(row.storey_id))));
    const n = Number(used?.n ?? 0);
    if (n > 0) throw badInput('storey_id', `Storey ${String(row.storey_name)} is used by ${n} cells: move them to another storey before deleting it.`);
  },
};
