/** The PostgreSQL error code (SQLSTATE) behind a driver or ORM error, if any. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Data exceptions that say a value does not fit where it goes: a number out of its column's range
 * (22003) or past what its column can read (22P02: beyond 1e21 a number is written in exponent form),
 * a text longer than its column (22001), a date or time beyond the calendar (22008), a character the
 * database cannot hold (22021, 22P05). The values come from what a client sent (the schemas bound each
 * value; a product of two can still overflow), so they are the client's to fix.
 */
export const VALUE_DOES_NOT_FIT = new Set(['22003', '22P02', '22001', '22008', '22021', '22P05']);
