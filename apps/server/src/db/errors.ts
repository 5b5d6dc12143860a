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
 * SQLSTATEs of a database that cannot serve now: class 08 (the connection failed or was lost),
 * 57P01–57P03 (the server is shutting down, crashed or is still starting), 53300 (no connection left).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
/** Socket errors of a database that is not there (refused, reset, timed out, unreachable). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/**
 * What node-postgres throws, without a code, when the connection dropped or could not be made (its
 * own texts, the only sign it gives): a client whose server went away, and a pool that timed out.
 */
const DRIVER_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
]);

/** Whether an error (or one it wraps) says the database cannot be reached now, not that the request was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.has(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Data exceptions that say a value does not fit where it goes: a number out of its column's range
 * (22003) or past what its column can read (22P02: beyond 1e21 a number is written in exponent form),
 * a text longer than its column (22001), a date or time beyond the calendar (22008), a character the
 * database cannot hold (22021, 22P05). The values come from what a client sent (the schemas bound each
 * value; a product of two can still overflow), so they are the client's to fix.
 */
export const VALUE_DOES_NOT_FIT = new Set(['22003', '22P02', '22001', '22008', '22021', '22P05']);
