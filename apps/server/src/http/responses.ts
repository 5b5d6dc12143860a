import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Payload } from '@trowel/shared/http/envelope.ts';
import type { ResultCache } from '../cache/result-cache.ts';
import { KeptAnswer, sendKeptAnswer } from './compression.ts';
import { serializerOf } from './serializer.ts';

export const idParams = z.object({ id: z.uuid({ error: 'id must be a valid id' }) });

/**
 * An answer serialized ahead of time (to be kept), by its response schema's serializer as a route's
 * answer is, so that no field outside the shared DTOs can leave the server.
 */
export function serializeAnswer<T extends z.ZodType>(schema: T, answer: z.input<T>): string {
  return serializerOf(schema)(answer);
}

/**
 * Sends an answer serialized by `serializeAnswer` as it is: Fastify passes a JSON string through
 * without its serializer. The route's response schema still documents the shape.
 */
export function sendSerialized(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * An answer whose list (`field`) comes as items serialized already, each by the list's item schema:
 * the rest is written by the answer's schema around an empty list, and the items are put in its
 * place. The text is the one the answer's serializer writes for the whole (its compiled serializer
 * joins an array's items with commas).
 */
export function serializeWithItems<T extends z.ZodType, K extends keyof Payload<T> & string>(
  schema: T,
  field: K,
  items: readonly string[],
  rest: Omit<Payload<T>, K>,
): string {
  const around = serializeAnswer(schema, { success: true, ...rest, [field]: [] } as z.input<T>);
  const empty = `${JSON.stringify(field)}:[]`;
  const at = around.indexOf(empty);
  if (at < 0) throw new Error(`The answer has no list ${field}`);
  return `${around.slice(0, at + empty.length - 1)}${items.join(',')}${around.slice(at + empty.length - 1)}`;
}

/**
 * Answers a page that is kept: the service builds the payload once, it is wrapped and serialized
 * through the answer's schema, then kept under `key` until a change drops it (see AppContext). Its
 * compressed copies are kept with it (see KeptAnswer).
 */
export async function sendKept<T extends z.ZodType>(
  reply: FastifyReply,
  cache: ResultCache<KeptAnswer>,
  key: string,
  schema: T,
  build: () => Promise<Payload<T>>,
  /** When the answer stops holding by time alone (a deadline in it passing), if it can. */
  until?: (payload: Payload<T>) => Date | null,
) {
  const kept = await cache.get(key, async () => {
    const payload = await build();
    const json = serializeAnswer(schema, { success: true, ...payload } as z.input<T>);
    return new KeptAnswer(json, until?.(payload)?.getTime() ?? null);
  });
  return sendKeptAnswer(reply.request, reply, kept);
}

/** `sendKept` for an answer built as JSON text already (by `serializeAnswer` or `serializeWithItems`). */
export async function sendKeptJson(
  reply: FastifyReply,
  cache: ResultCache<KeptAnswer>,
  key: string,
  build: () => Promise<string>,
) {
  const kept = await cache.get(key, async () => new KeptAnswer(await build()));
  return sendKeptAnswer(reply.request, reply, kept);
}
