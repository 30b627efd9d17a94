import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { mailOutbox, passwordResetTokens, sessions, userSettings, users } from '../../db/schema';
import type { sessionContract } from '../../../shared/contract/session.contract';
import { LOCALES, LOCALE_NAMES } from '../../../shared/locales';
import { RET } from '../../../shared/retcodes';
import { isRmsWarehouse } from '../../../shared/warehouse';
import { ApiError } from '../../http/errors';
import type { Handlers } from '../../http/register';
import { endSession, randomToken, sha256Hex, startSession } from '../../http/session';
import { RATE_RULES, attemptSucceeded, countAttempt, forgetAccountAttempts, tooManyAttempts, type RateCheck } from '../../http/rate-limit';
import { DUMMY_HASH, hashPassword, storedPasswordOf, verifyPassword } from '../../common/passwords';
import { hashPasswordForTransport } from '../../../shared/password-hash';
import { userPermissions, menuKeysOf } from '../../common/access';
import { WAREHOUSE_SETTING, assertWarehouseAccess, buildUserInfo, membershipsOf, settingsOf } from './user-info';
import { saveUserSetting } from './user-settings';
import { SETTING_ALLOWED_BEFORE_PASSWORD_CHANGE, passwordChangeRequired } from '../../http/password-change';
import { unixSeconds } from '../../common/time';

/** A weak password must be changed within this many days of being reported. */
const SIMPLE_PASSWORD_GRACE_DAYS = 30;
const RESET_TOKEN_TTL_MS = 30 * 60_000;

const simpleSince = (isSimple: boolean) => (isSimple ? sql`coalesce(${users.simplePasswordSince}, now())` : null);

/** A sign-in counts against the account from this address, the account from anywhere, and the address on any account. */
const signInChecks = (email: string, clientIp: string): RateCheck[] => [
  { rule: RATE_RULES.signInPair, account: email, address: clientIp },
  { rule: RATE_RULES.signInAccount, account: email },
  { rule: RATE_RULES.signInAddress, address: clientIp },
];

export const sessionHandlers: Handlers<typeof sessionContract> = {
  async getLoginInfo(_input, { db, config, session }) {
    return buildUserInfo(db, config, session.userId, session.whsId);
  },

  async userLogin(input, ctx) {
    const { db, config, clientIp, c } = ctx;
    const limits = signInChecks(input.email, clientIp);
    await countAttempt(db, limits, (_rule, wait) => tooManyAttempts('failed sign-in attempts', wait));
    const [user] = await db.select().from(users).where(eq(sql`lower(${users.email})`, input.email));
    const ok = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !ok) throw new ApiError(RET.BAD_CREDENTIALS, 'Incorrect email or password.');
    await attemptSucceeded(db, limits);
    if (!user.isActive) throw new ApiError(RET.ACCOUNT_DISABLED, 'This account is disabled. Please contact your administrator.');
    const [memberships, settings] = await Promise.all([membershipsOf(db, user.userId, user.isSuperAdmin), settingsOf(db, user.userId)]);
    const preferred = settings.get(WAREHOUSE_SETTING);
    const whs = memberships.find((m) => m.whsId === preferred) ?? memberships[0];
    if (!whs) throw new ApiError(RET.WAREHOUSE_FORBIDDEN, 'Your account is not assigned to any warehouse yet. Please contact your administrator.');
    await db.update(users).set({ simplePasswordSince: simpleSince(input.is_simple_password) }).where(eq(users.userId, user.userId));
    await startSession(c, db, config, user.userId, whs.whsId);
    return buildUserInfo(db, config, user.userId, whs.whsId);
  },

  async userLogout(_input, { db, c, session }) {
    await endSession(c, db, session);
    return {};
  },

  async setUserSetting(input, { db, session }) {
    if (session.passwordChangeRequired && input.name !== SETTING_ALLOWED_BEFORE_PASSWORD_CHANGE) throw passwordChangeRequired();
    await saveUserSetting(db, session.userId, input);
    return {};
  },

  async getLangSetting() {
    return { default: 'en' as const, optional_lange_list: LOCALES.map((l) => ({ lange: l, desc: LOCALE_NAMES[l] })) };
  },

  async switchWarehouse(input, { db, session }) {
    await assertWarehouseAccess(db, session, input.value);
    await db.update(sessions).set({ whsId: input.value }).where(eq(sessions.idHash, session.idHash));
    await db.insert(userSettings).values({ userId: session.userId, name: WAREHOUSE_SETTING, value: input.value })
      .onConflictDoUpdate({ target: [userSettings.userId, userSettings.name], set: { value: input.value } });
    return { whs_id: input.value, is_rms: isRmsWarehouse(input.value), reload_required: isRmsWarehouse(input.value) !== isRmsWarehouse(session.whsId) };
  },

  async userForgot(input, { db, config, clientIp }) {
    // Limits are counted for every address asked about, so the answers never tell which accounts exist.
    await countAttempt(db, [{ rule: RATE_RULES.resetAddress, address: clientIp }, { rule: RATE_RULES.resetEmail, account: input.email }], (rule, wait) => (
      rule === RATE_RULES.resetEmail
        ? new ApiError(RET.RESET_TOO_SOON, 'A reset link was requested less than a minute ago. Please check your inbox.')
        : tooManyAttempts('reset requests', wait)
    ));
    const [user] = await db.select().from(users).where(eq(sql`lower(${users.email})`, input.email));
    if (!user || !user.isActive) return {};
    const token = randomToken();
    const link = `${config.publicUrl}/v2/reset?token=${token}&user_id=${user.userId}`;
    await db.transaction(async (tx) => {
      await tx.insert(passwordResetTokens).values({ tokenHash: sha256Hex(token), userId: user.userId, expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) });
      await tx.insert(mailOutbox).values({
        toAddress: user.email,
        subject: 'Reset your Tally password',
        body: `Hello ${user.displayName},\n\nOpen this link within 30 minutes to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this email.`,
      });
    });
    console.info(`[mail] password reset for ${user.email}: ${link}`);
    return {};
  },

  async userPasswordReset(input, { db }) {
    const tokenHash = sha256Hex(input.token);
    const passwordHash = await storedPasswordOf(input.passwd);
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx.update(passwordResetTokens).set({ usedAt: new Date() })
        .where(and(eq(passwordResetTokens.tokenHash, tokenHash), eq(passwordResetTokens.userId, input.user_id), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())))
        .returning({ userId: passwordResetTokens.userId });
      if (!row) return false;
      // A password chosen through the emailed link is the owner's own, never a temporary one, and meets the policy.
      const [user] = await tx.update(users).set({ passwordHash, simplePasswordSince: null, passwordChangeRequired: false })
        .where(eq(users.userId, row.userId)).returning({ email: users.email });
      // The owner of the mailbox proved who they are: earlier failed attempts must not hold them up.
      if (user) await forgetAccountAttempts(tx, user.email.toLowerCase(), [RATE_RULES.signInPair, RATE_RULES.signInAccount, RATE_RULES.currentPasswordPair]);
      // Any other link still in the user's mailbox must not reset the new password again.
      await tx.update(passwordResetTokens).set({ usedAt: new Date() }).where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
      await tx.delete(sessions).where(eq(sessions.userId, row.userId));
      return true;
    });
    if (!updated) throw new ApiError(RET.RESET_TOKEN_INVALID, 'This reset link is invalid or has expired. Please request a new one.');
    return {};
  },

  async resetMyPwd(input, { db, session, clientIp }) {
    const limits = [{ rule: RATE_RULES.currentPasswordPair, account: session.email.toLowerCase(), address: clientIp }];
    await countAttempt(db, limits, (_rule, wait) => tooManyAttempts('wrong current passwords', wait));
    const [user] = await db.select().from(users).where(eq(users.userId, session.userId));
    if (!user || !(await verifyPassword(input.old_pwd, user.passwordHash))) throw new ApiError(RET.WRONG_CURRENT_PASSWORD, 'Current password is incorrect.');
    await attemptSucceeded(db, limits);
    const newHash = hashPasswordForTransport(input.new_pwd);
    if (newHash === input.old_pwd) throw new ApiError(RET.PASSWORD_UNCHANGED, "The New Password can't equal Current Password");
    // The new password meets the policy (the contract checked it): no weak-password deadline.
    await db.update(users).set({ passwordHash: await hashPassword(newHash), simplePasswordSince: null, passwordChangeRequired: false })
      .where(eq(users.userId, user.userId));
    await db.delete(sessions).where(and(eq(sessions.userId, user.userId), ne(sessions.idHash, session.idHash)));
    return {};
  },

  async simplePasswordDeadline(_input, { db, session }) {
    const [user] = await db.select({ since: users.simplePasswordSince }).from(users).where(eq(users.userId, session.userId));
    if (!user?.since) return { is_simple_password: false, deadline: null };
    return { is_simple_password: true, deadline: unixSeconds(user.since) + SIMPLE_PASSWORD_GRACE_DAYS * 86400 };
  },

  async getMyMenuKey(_input, { db, session }) {
    return { list: menuKeysOf(await userPermissions(db, session.userId, session.whsId)) };
  },

  async getMyPerm(_input, { db, session }) {
    return { list: [...(await userPermissions(db, session.userId, session.whsId))].sort() };
  },
};
