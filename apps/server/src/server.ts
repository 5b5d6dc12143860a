import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { createContext, type AppContext } from './context.ts';
import { dataDirLayout } from './data-dir.ts';
import { openDatabase } from './db/client.ts';
import { startWorker, type Worker } from './jobs/worker.ts';
import { ensureFirstAdmin, seedDemo } from './seed/seed.ts';
import { createStorage } from './storage/create-storage.ts';
import { HOUSEKEEPING, JOB_KINDS, MODULES } from './modules.ts';

export interface Server {
  app: FastifyInstance;
  ctx: AppContext;
  worker: Worker | null;
  close(): Promise<void>;
  /** The step `close` is at (or 'closed'): what a shutdown that does not end waits for. */
  readonly closing: string | null;
}

/** APP_SECRET, or one generated once into DATA_DIR (set APP_SECRET when several processes share data). */
function appSecret(config: Config): string {
  if (config.appSecret) return config.appSecret;
  const file = dataDirLayout(config.dataDir).appSecret;
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/** Opens the database, migrates, seeds, and builds the app (and the in-process worker unless disabled). */
export interface ServerOptions {
  logger?: boolean;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: NodeJS.WritableStream;
  pgliteDir?: string;
  /** PGlite only: a migrated data directory to start from (tests start many servers). */
  pgliteSnapshot?: Blob;
  /** PGlite only: an embedded database already open, left open on close (tests reuse them). */
  pgliteClient?: PGlite;
  pgSchema?: string;
  /** ADMIN_PASSWORD's hash made ahead for the first administrator (tests start many servers). */
  firstAdminPasswordHash?: string;
}

export async function createServer(config: Config, options: ServerOptions = {}): Promise<Server> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: options.pgliteDir ?? dataDirLayout(config.dataDir).database,
    pgSchema: options.pgSchema,
    pgliteSnapshot: options.pgliteSnapshot,
    pgliteClient: options.pgliteClient,
  });
  try {
    await database.migrate();
    const storage = await createStorage(config);
    const ctx = createContext({ ...config, appSecret: appSecret(config) }, database, storage, MODULES);
    if (config.seedDemo) await seedDemo(ctx);
    else await ensureFirstAdmin(ctx, options.firstAdminPasswordHash);
    await ctx.bus.start();
    const app = await buildApp(ctx, MODULES, options);
    const worker = config.runWorker
      ? startWorker(ctx, JOB_KINDS, config.jobConcurrency, app.log, undefined, HOUSEKEEPING)
      : null;
    let closing: string | null = null;
    const step = async (name: string, run: () => Promise<void> | void) => {
      closing = name;
      await run();
    };
    return {
      app,
      ctx,
      worker,
      get closing() {
        return closing;
      },
      async close() {
        await step('the HTTP server', () => app.close());
        await step('the job worker', () => worker?.stop());
        await step('the mail transport', () => ctx.mail.reset());
        await step('the media processor', () => ctx.processor.stop());
        await step('the invalidation listener', () => ctx.bus.stop());
        await step('the database', () => database.close());
        closing = 'closed';
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
