import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import os from 'node:os';
import path from 'node:path';
import type { Role } from '@trowel/shared/auth/roles.ts';
import type { ProjectStatus } from '@trowel/shared/projects/project.constants.ts';
import { loadConfig } from '../src/config.ts';
import { hashPassword } from '../src/lib/password.ts';
import { createServer, type Server } from '../src/server.ts';
import { leasePglite } from './pglite-pool.ts';
import { giveBackSchema, leaseSchema, shareSchema as sharePooledSchema } from './postgres-schema-pool.ts';

export const TEST_PASSWORD = 'secret123';
const CLOSE_LIMIT_MS = 20_000;
/**
 * People made by `user()`, and each server's root administrator, carry a hash with a small work factor:
 * their sign-ins run the real check (a hash names its own parameters) at a thousandth of the cost. People
 * made through the API get the real one.
 */
const TEST_HASH_PARAMS = { N: 2 ** 10, r: 8, p: 1 };
let passwordHash: Promise<string> | undefined;
const testPasswordHash = () => (passwordHash ??= hashPassword(TEST_PASSWORD, TEST_HASH_PARAMS));

export interface TestServer extends Server {
  dataDir: string;
  /** PostgreSQL schema of this server's tables, when on PostgreSQL. */
  pgSchema: string | undefined;
  /** Makes a user straight in the database (password TEST_PASSWORD) and signs them in. */
  user(role: Role, fields?: { name?: string; email?: string }): Promise<TestUser>;
  login(email: string, password?: string): Promise<string>;
  stop(): Promise<void>;
}

export interface TestUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  token: string;
  auth: { authorization: string };
}

/**
 * A real server on a fresh database: PGlite in memory, or, when TEST_DATABASE_URL is set,
 * PostgreSQL in a schema of its own that is dropped afterwards.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  shareSchema?: string,
  /** Log lines go here (as JSON) instead of nowhere; set LOG_LEVEL in env to choose how many. */
  logStream?: NodeJS.WritableStream,
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trowel-test-'));
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (databaseUrl && shareSchema) sharePooledSchema(shareSchema);
  const pgSchema = databaseUrl ? (shareSchema ?? (await leaseSchema(databaseUrl))) : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    ADMIN_EMAIL: `root-${randomUUID()}@trowel.test`,
    ADMIN_PASSWORD: TEST_PASSWORD,
    LOG_LEVEL: 'silent',
    JOB_CONCURRENCY: '1',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const pglite = pgSchema ? undefined : await leasePglite();
  let server: Server;
  try {
    server = await createServer(config, {
      ...(logStream ? { logStream } : { logger: false }),
      ...(pgSchema ? { pgSchema } : { pgliteClient: pglite!.client }),
      // The root administrator's password is TEST_PASSWORD, hashed as `user()`'s people's are.
      ...(env.ADMIN_PASSWORD === undefined ? { firstAdminPasswordHash: await testPasswordHash() } : {}),
    });
    await server.app.ready();
  } catch (error) {
    pglite?.giveBack();
    if (pgSchema) giveBackSchema(pgSchema);
    throw error;
  }

  async function login(email: string, password = TEST_PASSWORD) {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    if (response.statusCode !== 200) throw new Error(`login failed for ${email}: ${response.body}`);
    return response.json<{ token: string }>().token;
  }

  return {
    ...server,
    dataDir,
    pgSchema,
    login,
    async user(role, fields = {}) {
      const suffix = randomUUID().slice(0, 8);
      const row = await server.ctx.users.insert({
        name: fields.name ?? `Test ${role} ${suffix}`,
        email: fields.email ?? `${role}-${suffix}@trowel.test`,
        role,
        passwordHash: await testPasswordHash(),
      });
      // As creating a person through the API does: kept list pages and totals no longer hold.
      await server.ctx.invalidate({ kind: 'users-list' });
      const token = await login(row.email);
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        role,
        token,
        auth: { authorization: `Bearer ${token}` },
      };
    },
    async stop() {
      // As the process's own shutdown gives up after 15 s (main.ts), a test's teardown does not wait for
      // ever: a close that does not end is reported with the step it waits on, and the run goes on.
      const closing = server.close();
      const closed = closing.then(() => true);
      const limit = sleep(CLOSE_LIMIT_MS, false, { ref: false });
      if (await Promise.race([closed, limit])) {
        pglite?.giveBack();
        if (pgSchema) giveBackSchema(pgSchema);
      } else {
        console.error(
          `the test server did not close within ${CLOSE_LIMIT_MS} ms: waiting on ${server.closing}`,
        );
        // Its database is still in use: no other server gets it.
        void closing.catch(() => undefined).then(() => pglite?.close());
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ProjectFixture {
  id: string;
  title: string;
  phaseId: string;
  taskId: string;
}

/** A project straight in the database: lead, client, team, one phase with one task assigned to `assignee`. */
export async function makeProject(
  server: TestServer,
  people: { lead: TestUser; client: TestUser; assignee?: TestUser; team?: TestUser[] },
  fields: Partial<{
    title: string;
    status: ProjectStatus;
    category: string;
    budget: number;
    spent: number;
    startDate: string;
  }> = {},
): Promise<ProjectFixture> {
  const { ctx } = server;
  const project = await ctx.projects.insert({
    title: fields.title ?? `Project ${randomUUID().slice(0, 6)}`,
    description: 'A test project',
    location: 'Yaba, Lagos',
    category: fields.category ?? 'Residential',
    status: fields.status ?? 'in_progress',
    startDate: fields.startDate ?? '2026-01-01',
    endDate: '2027-12-31',
    budget: fields.budget ?? 50_000_000,
    spent: fields.spent ?? 10_000_000,
    projectLeadId: people.lead.id,
    clientId: people.client.id,
  });
  await ctx.projects.setMembers(
    project.id,
    (people.team ?? []).map((member) => member.id),
  );
  const phase = await ctx.phases.insertPhase({ projectId: project.id, name: 'Foundation', position: 0 });
  const task = await ctx.phases.insertTask({
    projectId: project.id,
    phaseId: phase.id,
    name: 'Excavation',
    assignedToId: people.assignee?.id ?? null,
  });
  return { id: project.id, title: project.title, phaseId: phase.id, taskId: task.id };
}
