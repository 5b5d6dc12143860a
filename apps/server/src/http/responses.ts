import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { paginationDto } from '@trowel/shared/http/pagination.ts';

/** `{ success: true, ...payload }` as an answer schema. */
export function ok<T extends z.ZodRawShape>(shape: T) {
  return z.object({ success: z.literal(true), ...shape });
}

export const okMessage = ok({ message: z.string() });

/** A list answer: items under their key plus pagination. */
export function okList<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({ success: z.literal(true), pagination: paginationDto }).extend({
    [key]: z.array(item),
  } as Record<K, z.ZodArray<T>>);
}

export const idParams = z.object({ id: z.uuid({ error: 'id must be a valid id' }) });

/**
 * An answer serialized ahead of time (to be kept), through its response schema as a route's answer
 * is, so that no field outside the shared DTOs can leave the server.
 */
export function serializeAnswer<T extends z.ZodType>(schema: T, answer: z.input<T>): string {
  return JSON.stringify(schema.parse(answer));
}

/**
 * Sends an answer serialized by `serializeAnswer` as it is: Fastify passes a JSON string through
 * without its serializer. The route's response schema still documents the shape.
 */
export function sendSerialized(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}
