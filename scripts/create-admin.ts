/**
 * Creates the first administrator of a PostgreSQL deployment (no demo accounts exist there):
 *   DATABASE_URL=postgres://… npm run create-admin -- --email you@example.com --name "Your Name" \
 *     --warehouse SGSIN1 --warehouse-name "Singapore DC"
 * The password comes from TALLY_ADMIN_PASSWORD or is asked for on the terminal.
 */
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { users, warehouses } from '../src/server/db/schema';
import { storedPasswordOf } from '../src/server/common/passwords';
import { PASSWORD_POLICY_MESSAGES, passwordPolicyProblem } from '../src/shared/password-policy';

async function askPassword(): Promise<string> {
  if (process.env.TALLY_ADMIN_PASSWORD) return process.env.TALLY_ADMIN_PASSWORD;
  if (!process.stdin.isTTY) throw new Error('Set TALLY_ADMIN_PASSWORD (no terminal to ask on).');
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const pw = await rl.question('Password for the administrator: ');
  rl.close();
  return pw;
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' }, name: { type: 'string' },
      warehouse: { type: 'string' }, 'warehouse-name': { type: 'string' }, 'time-zone': { type: 'string' },
    },
  });
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is not set: this script prepares a PostgreSQL deployment.');
  const email = values.email?.trim().toLowerCase();
  if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) throw new Error('--email is required and must be an email address.');
  const password = await askPassword();
  const problem = passwordPolicyProblem(password);
  if (problem !== null) throw new Error(PASSWORD_POLICY_MESSAGES[problem]);
  const database = await openDatabase({ databaseUrl });
  try {
    const db = database.db;
    const [existing] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email));
    if (existing) throw new Error(`${email} already exists.`);
    const whsCount = (await db.select().from(warehouses)).length;
    if (values.warehouse) {
      const whsId = values.warehouse.trim().toUpperCase();
      await db.insert(warehouses).values({ whsId, whsName: values['warehouse-name']?.trim() || whsId, timeRegion: values['time-zone'] ?? null }).onConflictDoNothing();
    } else if (whsCount === 0) {
      throw new Error('No warehouse exists yet: pass --warehouse <ID> (its first two letters are the country, e.g. SGSIN1).');
    }
    await db.insert(users).values({
      email, displayName: values.name?.trim() || email, isSuperAdmin: true,
      passwordHash: await storedPasswordOf(password),
    });
    console.log(`Administrator ${email} created; they may work in every warehouse.`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
