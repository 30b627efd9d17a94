import { and, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { confValues } from '../db/schema';

/** Key of the defaults that apply to every warehouse unless it sets its own value. */
export const GLOBAL_WHS = '';

/** Settings of a warehouse by key: its own value, else the global default; absent keys are left out. */
export async function readConf(db: Db, whsId: string, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select()
    .from(confValues)
    .where(and(inArray(confValues.whsId, [GLOBAL_WHS, whsId]), inArray(confValues.confKey, [...keys])));
  const out = new Map<string, string>();
  for (const r of rows) if (r.whsId === GLOBAL_WHS) out.set(r.confKey, r.confValue);
  for (const r of rows) if (r.whsId === whsId && whsId !== GLOBAL_WHS) out.set(r.confKey, r.confValue);
  return out;
}

export async function readConfValue(db: Db, whsId: string, key: string): Promise<string | undefined> {
  return (await readConf(db, whsId, [key])).get(key);
}

export async function writeConf(db: Db, whsId: string, key: string, value: string) {
  await db.insert(confValues).values({ whsId, confKey: key, confValue: value })
    .onConflictDoUpdate({ target: [confValues.whsId, confValues.confKey], set: { confValue: value } });
}

