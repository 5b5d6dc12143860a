import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.ts';

const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['the server shutting down', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    [
      'the server still starting',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    ],
    ['a connection failure (class 08)', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['no connection left', Object.assign(new Error('too many clients'), { code: '53300' })],
    ['a refused socket', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['a connection dropped mid-query', new Error('Connection terminated unexpectedly')],
    [
      'a client that lost its connection',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
  ])('is true for %s, also when wrapped by the ORM', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['invalid text', Object.assign(new Error('invalid byte sequence'), { code: '22021' })],
    ['a full disk', Object.assign(new Error('no space'), { code: 'ENOSPC' })],
    ['any other error', new Error('Something else')],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });
});
