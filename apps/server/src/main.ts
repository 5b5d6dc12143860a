import { ConfigError, loadConfig } from './config.ts';
import { MissingAccessError } from './http/access.ts';
import { createServer } from './server.ts';

async function main() {
  const config = loadConfig();
  const server = await createServer(config);
  const { app } = server;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      console.error(`Trowel did not stop within 15 s (waiting on ${server.closing}); exiting`);
      process.exit(1);
    }, 15_000);
    force.unref();
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Trowel is running on http://localhost:${config.port} (database: ${server.ctx.database.kind})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof MissingAccessError) {
    console.error(error.message);
  } else {
    console.error('Trowel could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
