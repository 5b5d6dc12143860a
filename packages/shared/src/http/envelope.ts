import { z } from 'zod';
import { paginationDto } from './pagination.ts';

/** `{ success: true, ...payload }`: the schema of a successful answer, read by the server and the web app. */
export function ok<T extends z.ZodRawShape>(shape: T) {
  return z.object({ success: z.literal(true), ...shape });
}

/** An answer that only says what happened. */
export const okMessage = ok({ message: z.string() });

/** A list answer: items under their key plus the pagination block. */
export function okList<K extends string, T extends z.ZodType, P extends z.ZodType = typeof paginationDto>(
  key: K,
  item: T,
  pagination?: P,
) {
  return z.object({ success: z.literal(true), pagination: (pagination ?? paginationDto) as P }).extend({
    [key]: z.array(item),
  } as Record<K, z.ZodArray<T>>);
}

/** The payload of an answer, without its `success` flag (what a service returns). */
export type Payload<T extends z.ZodType> = Omit<z.output<T>, 'success'>;

export type OkMessage = z.output<typeof okMessage>;
