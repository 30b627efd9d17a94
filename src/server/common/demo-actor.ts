import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { userWarehouses, users } from '../db/schema';

const DEMO_WORKERS = ['operator@demo.local', 'supervisor@demo.local', 'admin@demo.local'];

/** The account that does the floor work of a demo warehouse's seed: the demo operator where it works, else the supervisor, else the administrator. */
export async function demoWorker(tx: Tx, whsId: string): Promise<number> {
  const rows = await tx.select({ userId: users.userId, email: users.email }).from(users)
    .leftJoin(userWarehouses, and(eq(userWarehouses.userId, users.userId), eq(userWarehouses.whsId, whsId)))
    .where(and(inArray(users.email, DEMO_WORKERS), sql`(${userWarehouses.whsId} is not null or ${users.isSuperAdmin})`));
  for (const email of DEMO_WORKERS) {
    const found = rows.find((r) => r.email === email);
    if (found) return found.userId;
  }
  throw new Error(`no demo account works in ${whsId}`);
}
