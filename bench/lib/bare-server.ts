// The baseline: a bare Fastify server with one JSON route and nothing else, in a process of its own.
// Asked to (a message with an answer and its schema's name), it also serves that answer on
// /bare/answer, written per request by the server's own serializer for the schema: the least any
// route answering it can cost, with no reading, rules or building of the answer.
import Fastify from 'fastify';
import { serializerOf } from '@trowel/server/src/http/serializer.ts';
import { FLOOR_SCHEMAS, type FloorSchemaName } from './floor-answers.ts';

if (!process.send) throw new Error('bare-server.ts runs as a child process of the benchmark');

let floor: { serialize: (answer: unknown) => string; answer: unknown } | null = null;

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ success: true }));
app.get('/bare/answer', (_request, reply) => {
  if (!floor) return reply.code(404).send({ success: false });
  return reply.type('application/json; charset=utf-8').send(floor.serialize(floor.answer));
});
process.on('message', (message: { schema: FloorSchemaName; answer: unknown }) => {
  floor = { serialize: serializerOf(FLOOR_SCHEMAS[message.schema]), answer: message.answer };
  process.send?.({ answerServed: true });
});
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
