import fc from 'fast-check';
import { z } from 'zod';
import { HOSTILE_KEYS, hostileValue } from './hostile-values.ts';

/** The part of JSON Schema that z.toJSONSchema writes for the product's inputs. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  additionalProperties?: boolean | JsonSchema;
}

/**
 * What a generator may draw on besides the schema: ids of things that exist, by the kind a field's name
 * says it holds (`projectLeadId`: a lead's), so that valid requests get past validation to the database.
 */
export interface GeneratorHints {
  idsFor(fieldName: string): readonly string[];
}

/**
 * The JSON Schema of what a route accepts (its input side: what a client sends), from its shared zod
 * schema. For the text fields of a form, a field whose input is text but whose value is structured
 * (items as JSON text) is described by its output, so that structure is generated and sent as JSON.
 */
export function inputSchema(schema: z.ZodType, form = false): JsonSchema {
  const input = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  if (!form) return input;
  const output = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  const properties = { ...input.properties };
  for (const [name, described] of Object.entries(output.properties ?? {})) {
    const type = described.type;
    if (type === 'array' || type === 'object') properties[name] = described;
  }
  return { ...input, properties };
}

const DATE_NAME = /date$|^(start|end)|From$|To$|dueDate/i;

function dateText(): fc.Arbitrary<string> {
  return fc.oneof(
    fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10)),
    fc.constantFrom(
      '2026-02-30',
      '2026-02-28',
      '2024-02-29',
      '2026-04-31',
      '1999-12-31',
      '2026-12-31T00:00:00Z',
    ),
  );
}

function textArbitrary(schema: JsonSchema, name: string, hints: GeneratorHints): fc.Arbitrary<string> {
  if (schema.format === 'uuid') {
    return fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...hints.idsFor(name)) }, fc.uuid());
  }
  if (/phone/i.test(name)) return fc.stringMatching(/^\+234[789][01]\d{8}$/);
  if (/password/i.test(name)) return fc.string({ minLength: 6, maxLength: 20, unit: 'grapheme-ascii' });
  if (schema.format === 'email' || /email/i.test(name)) {
    return fc.oneof(
      fc
        .tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,15}$/), fc.constantFrom('trowel.test', 'example.ng'))
        .map(([local, domain]) => `${local}@${domain}`),
      fc.emailAddress(),
    );
  }
  if (schema.format === 'date-time')
    return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  if (schema.format === 'date' || DATE_NAME.test(name)) return dateText();
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  return fc.oneof(
    fc.string({ minLength, maxLength, unit: 'grapheme-ascii' }),
    fc.string({ minLength, maxLength, unit: 'grapheme' }),
  );
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low =
    typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : (schema.minimum ?? -1_000_000);
  const high =
    typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : (schema.maximum ?? 1_000_000_000);
  const min = Math.max(low, -Number.MAX_SAFE_INTEGER);
  const max = Math.min(high, Number.MAX_SAFE_INTEGER);
  const whole = fc.integer({ min: Math.ceil(Math.max(min, -1e6)), max: Math.floor(Math.min(max, 1e9)) });
  if (integer)
    return fc.oneof(
      { weight: 4, arbitrary: whole },
      fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
    );
  return fc.oneof(
    { weight: 4, arbitrary: whole },
    // Money: naira with kobo.
    { weight: 2, arbitrary: whole.map((value) => Math.max(min, Math.min(max, value / 100))) },
    { weight: 1, arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }) },
  );
}

/** Values the schema accepts, or nearly: what a careful client sends. */
export function validArbitrary(schema: JsonSchema, hints: GeneratorHints, name = ''): fc.Arbitrary<unknown> {
  const arbitrary = nonNullArbitrary(schema, hints, name);
  return schema.nullable ? fc.option(arbitrary, { nil: null, freq: 8 }) : arbitrary;
}

function nonNullArbitrary(schema: JsonSchema, hints: GeneratorHints, name: string): fc.Arbitrary<unknown> {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => validArbitrary(choice, hints, name)));
  if (schema.allOf?.length) return validArbitrary(schema.allOf[0]!, hints, name);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => validArbitrary({ ...schema, type }, hints, name)));
  }
  switch (types[0]) {
    case 'string':
      return textArbitrary(schema, name, hints);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = Array.isArray(schema.items) ? schema.items[0] : schema.items;
      const minLength = Math.min(schema.minItems ?? 0, 3);
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 3));
      return fc.array(items ? validArbitrary(items, hints, name) : fc.jsonValue({ maxDepth: 1 }), {
        minLength,
        maxLength,
      });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, validArbitrary(value, hints, key)]),
      );
      const required = new Set(schema.required ?? []);
      // An optional field is left out more often than not: a valid subset is likelier to reach the
      // database than every field at once (a role may set some fields and not others).
      const fields = Object.entries(model).map(([key, value]) =>
        required.has(key)
          ? value.map((item) => [key, item] as const)
          : fc.oneof(
              { weight: 3, arbitrary: fc.constant(null) },
              { weight: 2, arbitrary: value.map((item) => [key, item] as const) },
            ),
      );
      return fc
        .tuple(...fields)
        .map((entries) => Object.fromEntries(entries.filter((entry) => entry !== null)));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

type Slot = { parent: Record<string, unknown> | unknown[]; key: string | number } | null;

/** Every place in a value (the value itself first), in a fixed order. */
function slots(value: unknown): Slot[] {
  const found: Slot[] = [null];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) {
      node.forEach((child, index) => {
        found.push({ parent: node, key: index });
        walk(child);
      });
    } else if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        found.push({ parent: node as Record<string, unknown>, key });
        walk(child);
      }
    }
  };
  walk(value);
  return found;
}

function copy<T>(value: T): T {
  return structuredClone(value);
}

/**
 * A valid value with one place made hostile: its value replaced by a hostile one, or an object given a
 * key no schema has (the prototype's, NUL) — the value itself when the place is the whole body.
 */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, fc.nat(), hostileValue(), fc.constantFrom(...HOSTILE_KEYS), fc.boolean())
    .map(([value, pick, hostile, key, addKey]) => {
      const target = copy(value);
      const places = slots(target);
      const slot = places[pick % places.length]!;
      if (addKey) {
        const owner = slot ? slot.parent : target;
        if (owner && typeof owner === 'object' && !Array.isArray(owner)) {
          Object.defineProperty(owner, key, {
            value: hostile,
            enumerable: true,
            writable: true,
            configurable: true,
          });
          return target;
        }
      }
      if (!slot) return hostile;
      (slot.parent as Record<string | number, unknown>)[slot.key] = hostile;
      return target;
    });
}

/** What a route is sent: mostly valid values with one hostile place, some wholly valid, some wholly hostile. */
export function requestValueArbitrary(
  schema: JsonSchema | undefined,
  hints: GeneratorHints,
): fc.Arbitrary<unknown> {
  const valid = schema ? validArbitrary(schema, hints) : fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 6, arbitrary: mutated(valid) },
    { weight: 1, arbitrary: hostileValue() },
  );
}
