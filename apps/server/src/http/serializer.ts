import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Answers are written by fast-json-stringify from the JSON Schema of each route's zod response
 * schema: only declared fields ever leave the server (a password hash cannot slip out), at the
 * speed of a compiled serializer. Schemas JSON Schema cannot express fall back to zod.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  try {
    const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(route.schema, {
      io: 'output',
      unrepresentable: 'throw',
    });
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  } catch {
    return zodSerializer(route as never);
  }
};
