import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userWarehouses, users } from '../db/schema';

/**
 * The members of a warehouse with the name lists show for them: their display name, or their email
 * when it is blank (get_warehouse_user_names, and the export worker for `user` fields).
 */
export function warehouseUserNames(db: Db, whsId: string): Promise<{ user_id: number; display_name: string }[]> {
  return db.select({ user_id: users.userId, display_name: sql<string>`coalesce(nullif(btrim(${users.displayName}), ''), ${users.email})` })
    .from(userWarehouses).innerJoin(users, eq(users.userId, userWarehouses.userId))
    .where(eq(userWarehouses.whsId, whsId))
    .orderBy(asc(users.userId));
}
