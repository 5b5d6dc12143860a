import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
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
  pgSchema?: string;
}

export async function createServer(config: Config, options: ServerOptions = {}): Promise<Server> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: options.pgliteDir ?? dataDirLayout(config.dataDir).database,
    pgSchema: options.pgSchema,
    pgliteSnapshot: options.pgliteSnapshot,
  });
  try {
    await database.migrate();
    const storage = await createStorage(config);
    const ctx = createContext({ ...config, appSecret: appSecret(config) }, database, storage, MODULES);
    if (config.seedDemo) await seedDemo(ctx);
    else await ensureFirstAdmin(ctx);
    await ctx.bus.start();
    const app = await buildApp(ctx, MODULES, options);
    const worker = config.runWorker
      ? startWorker(ctx, JOB_KINDS, config.jobConcurrency, app.log, undefined, HOUSEKEEPING)
      : null;
    return {
      app,
      ctx,
      worker,
      async close() {
        await app.close();
        await worker?.stop();
        ctx.mail.reset();
        await ctx.processor.stop();
        await ctx.bus.stop();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
