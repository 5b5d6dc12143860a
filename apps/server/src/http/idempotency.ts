import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { actorOf } from './access.ts';
import { AppError, badRequest } from './app-error.ts';

const KEY = /^[A-Za-z0-9_-]{8,100}$/;
/** How long an answer is kept for retries. */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** A request still unanswered after this long is taken to have died with its process. */
const ABANDONED_CLAIM_MINUTES = 30;

/**
 * Runs a create once per Idempotency-Key: the first request does the work and its answer is kept;
 * a retry with the same key (say after the connection dropped mid-answer) gets that answer again.
 * While the first is still running a retry gets 409; when it failed, the key is free again.
 * Without the header the work simply runs.
 */
export async function runOnce<T extends object>(
  db: Db,
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
  // A claim left by a process that died mid-request is given up after a while, so the key works again.
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        isNull(idempotencyKeys.statusCode),
        lt(idempotencyKeys.createdAt, sql`now() - make_interval(mins => ${ABANDONED_CLAIM_MINUTES})`),
      ),
    );
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ userId, key, scope })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length === 0) {
    request.raw.resume();
    const [earlier] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!earlier || earlier.scope !== scope) {
      throw new AppError('CONFLICT', 'This Idempotency-Key was already used for another request');
    }
    if (earlier.statusCode === null) {
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
    await db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    throw error;
  }
  await db
    .update(idempotencyKeys)
    .set({ statusCode, response: answer })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return reply.status(statusCode).send(answer) as never;
}

/** Housekeeping: forgets answers older than the retry window. */
export async function deleteStaleIdempotencyKeys(db: Db) {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`));
}
