import pino from 'pino';
import { loadConfig } from './config.ts';
import { createContext } from './context.ts';
import { openDatabase } from './db/client.ts';
import { startWorker } from './jobs/worker.ts';
import { createStorage } from './storage/create-storage.ts';
import { HOUSEKEEPING, JOB_KINDS, MODULES } from './modules.ts';

/** A worker process on its own (scale-out): runs background jobs against the shared database. */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error('npm run worker needs DATABASE_URL: the embedded database belongs to the server process.');
    process.exit(1);
  }
  const log = pino({ level: config.logLevel });
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  await database.migrate();
  const ctx = createContext(config, database, await createStorage(config), MODULES);
  const worker = startWorker(
    ctx,
    JOB_KINDS,
    Math.max(1, config.jobConcurrency),
    log,
    undefined,
    HOUSEKEEPING,
  );
  log.info({ concurrency: config.jobConcurrency }, 'worker started');
  const stop = async () => {
    await worker.stop();
    ctx.mail.reset();
    await ctx.processor.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error('Worker could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
