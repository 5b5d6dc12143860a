import fc from 'fast-check';

/**
 * A piece of JSON text sent as it is: what JSON.stringify cannot write (1e999, which JSON.parse reads
 * as Infinity; nesting thousands deep) or a text written out on purpose.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of `depth` arrays and objects in turn, around one string. */
export function nestedText(depth: number): string {
  let open = '';
  let close = '';
  for (let level = 0; level < depth; level++) {
    open += level % 2 ? '[' : '{"a":';
    close = (level % 2 ? ']' : '}') + close;
  }
  return `${open}"deep"${close}`;
}

/** An object whose own key is `__proto__` (as JSON.parse makes it; a literal would set the prototype). */
function protoKeyed(value: unknown): Record<string, unknown> {
  return JSON.parse(
    `{"__proto__": ${JSON.stringify(value)}, "constructor": {"prototype": {"polluted": true}}}`,
  );
}

const LONG = 100_000;

/** Texts no field of the product expects: control and unpaired characters, very long, look-alikes of other types. */
export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  `name\u0000with nul`,
  '\uD800',
  'lone \uDFFF low surrogate',
  '\uDBFF\uDBFF',
  'x'.repeat(LONG),
  '\u{1F600}'.repeat(LONG / 2),
  '',
  '   ',
  '\u202Eevil\u200B\uFEFF',
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '\\u0000',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '-0',
  '9'.repeat(400),
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  '2026-02-30',
  '2026-13-01',
  '2025-02-29',
  '0000-00-00',
  '2026-00-10',
  '+275760-09-13',
  '-000001-01-01',
  '2026-01-01T25:61:61Z',
  '2026-1-1',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
];

/** Numbers at and past every edge: what JSON can carry, and (as raw text) what it reads as Infinity. */
export const HOSTILE_NUMBERS: readonly unknown[] = [
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.MAX_SAFE_INTEGER + 2,
  -(2 ** 63),
  2 ** 31,
  -1,
  0,
  -0,
  0.1 + 0.2,
  1e-7,
  123.456789,
  new RawJson('1e999'),
  new RawJson('-1e999'),
  new RawJson('1E+400'),
  new RawJson('0.0000000000000000000000000000000000000000001e-400'),
];

/**
 * Texts sent exactly as written: in a query, malformed escapes (a lone `%`, invalid UTF-8, a CESU-8
 * surrogate) and extra separators; in a JSON body, text that is not JSON at all.
 */
export const RAW_TEXTS: readonly RawJson[] = [
  '%',
  '%zz',
  '%FF%FE',
  '%ED%A0%80',
  '%C0%80',
  '+%2B+',
  'a=b&c',
  '[',
  'NaN',
].map((text) => new RawJson(text));

/** Structures in the place of anything: wrong shapes, deep nesting, keys that reach for the prototype. */
export function hostileStructure(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constant([]),
    fc.constant({}),
    fc.constant([{}]),
    fc.constant([null]),
    fc.constant({ length: 1e9 }),
    fc.constant(new RawJson(nestedText(20))),
    fc.constant(new RawJson(nestedText(40))),
    fc.constant(new RawJson(nestedText(5000))),
    fc.constant(protoKeyed({ isAdmin: true, role: 'admin' })),
    fc.constant(protoKeyed([])),
    fc.jsonValue({ maxDepth: 3 }).map((value) => [value]),
  );
}

/** One hostile value of any kind. */
export function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false, 'NaN') },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_TEXTS) },
    { weight: 3, arbitrary: hostileStructure() },
  );
}

/** Keys no schema has: NUL, the prototype's, brackets a query parser might read as structure. */
export const HOSTILE_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'key\u0000',
  'a[b]',
  'a.b',
  '',
  'k'.repeat(10_000),
  '\uD800',
];
