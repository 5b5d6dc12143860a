import Fastify, { type FastifyInstance } from 'fastify';

/** The baseline: a bare Fastify server with one JSON route and nothing else. */
export async function startBareServer(): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ success: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('bare server has no TCP address');
  return { app, url: `http://127.0.0.1:${address.port}/bare` };
}
