import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userSettings, userWarehouses, users, warehouses } from '../../db/schema';
import type { ServerConfig } from '../../config';
import type { SessionInfo } from '../../http/session';
import { ApiError } from '../../http/errors';
import { RET } from '../../../shared/retcodes';
import type { UserInfo } from '../../../shared/contract/session.contract';
import { normaliseLocale } from '../../../shared/locales';
import { countryOfWarehouse, isRmsWarehouse } from '../../../shared/warehouse';

/** User setting that remembers the last warehouse (spec §9 `setting_whs_v2`). */
export const WAREHOUSE_SETTING = 'setting_whs_v2';

export interface Membership {
  whsId: string;
  whsName: string;
  isShowMbn: boolean;
}

/** The warehouses a user may work in: all of them for a super admin, else their memberships. */
export async function membershipsOf(db: Db, userId: number, isSuperAdmin: boolean): Promise<Membership[]> {
  if (isSuperAdmin) {
    const rows = await db.select({ whsId: warehouses.whsId, whsName: warehouses.whsName }).from(warehouses).orderBy(asc(warehouses.whsId));
    return rows.map((r) => ({ ...r, isShowMbn: false }));
  }
  return db
    .select({ whsId: userWarehouses.whsId, whsName: warehouses.whsName, isShowMbn: userWarehouses.isShowMbn })
    .from(userWarehouses)
    .innerJoin(warehouses, eq(warehouses.whsId, userWarehouses.whsId))
    .where(eq(userWarehouses.userId, userId))
    .orderBy(asc(userWarehouses.whsId));
}

/** Refuses (-100403) a warehouse the signed-in user does not belong to: what switching to it needs (reading from it needs a permission there: assertHoldsIn). */
export async function assertWarehouseAccess(db: Db, session: SessionInfo, whsId: string) {
  const memberships = await membershipsOf(db, session.userId, session.isSuperAdmin);
  if (!memberships.some((m) => m.whsId === whsId)) {
    throw new ApiError(RET.WAREHOUSE_FORBIDDEN, `You do not have access to warehouse ${whsId}.`);
  }
}

export async function settingsOf(db: Db, userId: number): Promise<Map<string, string>> {
  const rows = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return new Map(rows.map((r) => [r.name, r.value]));
}

export async function buildUserInfo(db: Db, config: ServerConfig, userId: number, whsId: string): Promise<UserInfo> {
  const [user] = await db.select().from(users).where(eq(users.userId, userId));
  if (!user) throw new Error(`user ${userId} vanished`);
  const [memberships, settings] = await Promise.all([membershipsOf(db, userId, user.isSuperAdmin), settingsOf(db, userId)]);
  return {
    user_id: user.userId,
    email: user.email,
    display_name: user.displayName,
    header: user.avatarUrl,
    whs_id: whsId,
    whs_id_country: memberships.map((m) => ({
      whs_id: m.whsId, whs_name: m.whsName, country: countryOfWarehouse(m.whsId), is_rms: isRmsWarehouse(m.whsId),
    })),
    whs_setting: memberships.map((m) => ({ whs_id: m.whsId, is_show_mbn: m.isShowMbn })),
    lang: normaliseLocale(settings.get('lang')),
    env: config.envName,
    password_change_required: user.passwordChangeRequired,
  };
}
