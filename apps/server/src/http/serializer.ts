import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/** Writes an answer as JSON text, with only the fields its schema declares. */
export type Serialize = (answer: unknown) => string;

/**
 * A serializer for `schema`, compiled by fast-json-stringify from its JSON Schema: only declared
 * fields ever leave the server (a password hash cannot slip out), at the speed of a compiled
 * serializer. Schemas JSON Schema cannot express (a transform) are parsed by zod, which strips
 * what they do not declare, then written by JSON.stringify.
 */
function compileSerializer(schema: z.ZodType): Serialize {
  try {
    const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, {
      io: 'output',
      unrepresentable: 'throw',
    });
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  } catch {
    return (answer) => JSON.stringify(schema.parse(answer));
  }
}

const compiled = new WeakMap<z.ZodType, Serialize>();

/** The serializer of `schema`, compiled once for every route and kept answer that answers with it. */
export function serializerOf(schema: z.ZodType): Serialize {
  let serialize = compiled.get(schema);
  if (!serialize) {
    serialize = compileSerializer(schema);
    compiled.set(schema, serialize);
  }
  return serialize;
}

/** Each route's answers are written by the serializer of its response schema (see `serializerOf`). */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => serializerOf(route.schema);
