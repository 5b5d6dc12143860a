import { describe, expect, it } from 'vitest';
import { batchedReads } from './batched-reads.ts';

/** A read of rows by key that records the keys of each statement it stands for. */
function recordedRead(rows: Record<string, string>, fail = false) {
  const statements: string[][] = [];
  const read = batchedReads(async (keys) => {
    statements.push([...keys]);
    if (fail) throw new Error('connection lost');
    return new Map(keys.filter((key) => key in rows).map((key) => [key, rows[key]!]));
  });
  return { read, statements };
}

describe('batched reads', () => {
  it('read the keys asked for in one turn with one statement, each key once, and answer each caller', async () => {
    const { read, statements } = recordedRead({ a: 'Alpha', b: 'Beta' });
    const answers = await Promise.all([read('a'), read('b'), read('a'), read('missing')]);
    expect(answers).toEqual(['Alpha', 'Beta', 'Alpha', null]);
    expect(statements).toEqual([['a', 'b', 'missing']]);
  });

  it('read keys asked for later with a statement of their own', async () => {
    const { read, statements } = recordedRead({ a: 'Alpha', b: 'Beta' });
    expect(await read('a')).toBe('Alpha');
    expect(await read('b')).toBe('Beta');
    expect(statements).toEqual([['a'], ['b']]);
  });

  it('tell every caller of a failed statement, and read again on the next call', async () => {
    const failing = recordedRead({ a: 'Alpha' }, true);
    const both = [failing.read('a'), failing.read('b')];
    await expect(both[0]).rejects.toThrow('connection lost');
    await expect(both[1]).rejects.toThrow('connection lost');
    await expect(failing.read('a')).rejects.toThrow('connection lost');
    expect(failing.statements).toEqual([['a', 'b'], ['a']]);
  });
});
