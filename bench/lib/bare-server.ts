// The baseline: a bare Fastify server with one JSON route and nothing else, in a process of its own.
import Fastify from 'fastify';

if (!process.send) throw new Error('bare-server.ts runs as a child process of the benchmark');

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ success: true }));
app.listen({ host: '127.0.0.1', port: 0 }).then(
  () => {
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('bare server has no TCP address');
    process.send?.({ port: address.port });
  },
  (error: unknown) => {
    console.error('bare server could not listen:', error);
    process.exit(1);
  },
);
// The benchmark ended (or died): stop with it.
process.on('disconnect', () => void app.close().finally(() => process.exit(0)));
