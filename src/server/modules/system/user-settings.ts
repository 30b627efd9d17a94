import type { Db } from '../../db/client';
import { userSettings } from '../../db/schema';
import { LOCALES, isLocale } from '../../../shared/locales';
import { badInput } from '../../http/errors';
import { WAREHOUSE_SETTING } from './user-info';

/**
 * Saves one setting of a user after the checks every caller shares (the set_user_setting
 * endpoint and its offline op): a safe name, a known language, not the warehouse.
 */
export async function saveUserSetting(db: Db, userId: number, setting: { name: string; value: string }): Promise<void> {
  const { name, value } = setting;
  if (!/^[A-Za-z0-9_.-]+$/.test(name)) throw badInput('name', 'letters, digits, _ . - only');
  if (name === 'lang' && !isLocale(value)) throw badInput('value', `language must be one of ${LOCALES.join(', ')}`);
  if (name === WAREHOUSE_SETTING) throw badInput('name', 'the warehouse is changed with the warehouse switch');
  await db.insert(userSettings).values({ userId, name, value })
    .onConflictDoUpdate({ target: [userSettings.userId, userSettings.name], set: { value } });
}
