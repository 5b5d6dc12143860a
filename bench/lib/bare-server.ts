// The baseline: a bare Fastify server with one JSON route and nothing else, in a process of its own.
// Asked to (a message with an answer and its schema's name), it also serves that answer on
// /bare/answer (GET, and POST with a JSON body), written per request by the server's own serializer
// for the schema and compressed as the server compresses answers when the request accepts it: the
// least any route answering it can cost, with no reading, rules or building of the answer.
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import {
  compressBody,
  MIN_COMPRESSED_BYTES,
  preferredEncoding,
} from '@trowel/server/src/http/compression.ts';
import { serializerOf } from '@trowel/server/src/http/serializer.ts';
import { FLOOR_SCHEMAS, type FloorSchemaName } from './floor-answers.ts';

if (!process.send) throw new Error('bare-server.ts runs as a child process of the benchmark');

let floor: { serialize: (answer: unknown) => string; answer: unknown } | null = null;

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ success: true }));
const sendFloor = (request: FastifyRequest, reply: FastifyReply) => {
  if (!floor) return reply.code(404).send({ success: false });
  reply.type('application/json; charset=utf-8');
  const body = floor.serialize(floor.answer);
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding || body.length < MIN_COMPRESSED_BYTES) return reply.send(body);
  return reply
    .header('vary', 'Accept-Encoding')
    .header('content-encoding', encoding)
    .send(compressBody(body, encoding));
};
app.get('/bare/answer', sendFloor);
app.post('/bare/answer', sendFloor);
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
