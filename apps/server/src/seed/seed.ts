import type { AppContext } from '../context.ts';
import { meta } from '../db/schema.ts';
import { hashPassword } from '../lib/password.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE } from './demo-people.ts';
import { seedDemoBudgets } from './demo-budgets.ts';
import { seedDemoChangeOrders } from './demo-change-orders.ts';
import { seedDemoLogs } from './demo-logs.ts';
import { seedDemoMaterialRequests } from './demo-material-requests.ts';
import { seedDemoProjects } from './demo-projects.ts';
import { seedDemoProcurement } from './demo-procurement.ts';
import { seedDemoStores } from './demo-stores.ts';
import { ConfigError } from '../config.ts';
import { COMPANY_NAME } from '@trowel/shared/config/constants.ts';

/** Seeds the demo company on an empty database. Answers whether it seeded. */
export async function seedDemo(ctx: AppContext): Promise<boolean> {
  if ((await ctx.users.countActive()) > 0) return false;
  // Every demo account shares the documented password; one hash keeps the first start quick.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await ctx.db.transaction(async (tx) => {
    const scoped = ctx.withDb(tx);
    const idsByEmail = new Map<string, string>();
    for (const person of DEMO_PEOPLE) {
      const user = await scoped.users.insert({ ...person, passwordHash });
      idsByEmail.set(user.email, user.id);
      await scoped.activity.record(user.id, 'account', 'Account created');
    }
    const projectIds = await seedDemoProjects(scoped, idsByEmail);
    await seedDemoLogs(scoped, idsByEmail, projectIds);
    await seedDemoProcurement(scoped, idsByEmail, projectIds);
    await seedDemoBudgets(scoped, idsByEmail, projectIds);
    await seedDemoChangeOrders(scoped, idsByEmail, projectIds);
    await seedDemoStores(scoped, idsByEmail);
    await seedDemoMaterialRequests(scoped, idsByEmail, projectIds);
    await tx.insert(meta).values({ key: 'demo_seeded_at', value: new Date().toISOString() });
  });
  return true;
}

/**
 * Without demo data, the first start creates one administrator from ADMIN_EMAIL and ADMIN_PASSWORD;
 * `passwordHash`, when given, is ADMIN_PASSWORD's hash made ahead (tests start many servers).
 */
export async function ensureFirstAdmin(ctx: AppContext, passwordHash?: string): Promise<boolean> {
  if ((await ctx.users.countActive()) > 0) return false;
  const { adminEmail, adminPassword } = ctx.config;
  if (!adminEmail || !adminPassword) {
    throw new ConfigError(
      'No user exists and SEED_DEMO=false: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first administrator.',
    );
  }
  const user = await ctx.users.insert({
    name: 'Administrator',
    email: adminEmail.toLowerCase(),
    role: 'admin',
    company: COMPANY_NAME,
    passwordHash: passwordHash ?? (await hashPassword(adminPassword)),
  });
  await ctx.activity.record(user.id, 'account', 'Account created');
  return true;
}
