import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Database, Db } from '../db/client.ts';
import { actorOf } from './access.ts';
import { AppError, badRequest } from './app-error.ts';
import { idempotencyRepository } from './idempotency.repository.ts';

const KEY = /^[A-Za-z0-9_-]{8,100}$/;
/** How long an answer is kept for retries. */
export const IDEMPOTENCY_TTL_HOURS = 24;

export const INTERRUPTED_MESSAGE =
  'The first request with this Idempotency-Key was cut off when the server stopped, before it answered: ' +
  'it may have been saved. Check before sending it again.';

/**
 * Runs a create once per Idempotency-Key: the first request does the work and its answer is kept;
 * a retry with the same key (say after the connection dropped mid-answer) gets that answer again.
 * While the first is still running a retry gets 409 with Retry-After; when it failed, the key is free
 * again. When its process died before answering, whether its work was saved is unknown: a retry gets
 * 409 saying so (without Retry-After), and the work is never run a second time under that key.
 * Without the header the work simply runs.
 */
export async function runOnce<T extends object>(
  database: Pick<Database, 'db' | 'processName' | 'isProcessAlive'>,
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
  work: () => Promise<T>,
): Promise<T> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return reply.status(statusCode).send(await work()) as never;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !KEY.test(key)) {
    throw badRequest('Idempotency-Key must be 8 to 100 letters, digits, dashes or underscores');
  }
  const userId = actorOf(request).id;
  const scope = `${request.method} ${request.url.split('?')[0]}`;
  const keys = idempotencyRepository(database.db);
  if (!(await keys.claim(userId, key, scope, database.processName))) {
    request.raw.resume();
    const earlier = await keys.find(userId, key);
    if (!earlier || earlier.scope !== scope) {
      throw new AppError('CONFLICT', 'This Idempotency-Key was already used for another request');
    }
    if (earlier.statusCode === null) {
      if (earlier.owner === null || !(await database.isProcessAlive(earlier.owner)))
        throw new AppError('CONFLICT', INTERRUPTED_MESSAGE);
      throw new AppError('CONFLICT', 'This upload is still being received; try again in a moment', {
        'retry-after': '2',
      });
    }
    return reply
      .status(earlier.statusCode)
      .header('idempotent-replayed', 'true')
      .send(earlier.response) as never;
  }
  let answer: T;
  try {
    answer = await work();
  } catch (error) {
    await keys.release(userId, key);
    throw error;
  }
  await keys.answer(userId, key, statusCode, answer);
  return reply.status(statusCode).send(answer) as never;
}

/** Whether a route creates something: a POST that answers 201, called by someone signed in. */
export function isCreate(route: Pick<RouteOptions, 'method' | 'schema' | 'config'>): boolean {
  const response = route.schema?.response as Record<string, unknown> | undefined;
  return (
    route.method === 'POST' &&
    response !== undefined &&
    Object.hasOwn(response, 201) &&
    route.config?.access !== 'public'
  );
}

/**
 * Every create runs once per Idempotency-Key, whichever module brings it: the handler of each POST
 * answering 201 is wrapped in runOnce as the route is added, and answers the created object as its
 * return value (runOnce sends it with 201).
 */
export function registerIdempotentCreates(
  app: FastifyInstance,
  database: Pick<Database, 'db' | 'processName' | 'isProcessAlive'>,
) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || !isCreate(route)) return;
    const handler = route.handler;
    route.handler = function (request, reply) {
      return runOnce(
        database,
        request,
        reply,
        201,
        async () => (await handler.call(this, request, reply)) as object,
      );
    };
  });
}

/** Housekeeping: forgets answers older than the retry window. */
export async function deleteStaleIdempotencyKeys(db: Db) {
  await idempotencyRepository(db).deleteOlderThan(IDEMPOTENCY_TTL_HOURS);
}
