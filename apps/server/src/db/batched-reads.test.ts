import { describe, expect, it } from 'vitest';
import { batchedGroups, batchedGroupsOfMany, batchedReads } from './batched-reads.ts';

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

/** Items as a statement answers them, ordered by position across their RFQs. */
const ITEMS = [
  { rfq: 'r1', name: 'Cement', position: 0 },
  { rfq: 'r2', name: 'Sand', position: 0 },
  { rfq: 'r1', name: 'Rods', position: 1 },
  { rfq: 'r2', name: 'Gravel', position: 1 },
  { rfq: 'r1', name: 'Blocks', position: 2 },
];

function recordedGroups() {
  const statements: string[][] = [];
  const readMany = async (keys: readonly string[]) => {
    statements.push([...keys]);
    return ITEMS.filter((item) => keys.includes(item.rfq));
  };
  return { statements, readMany };
}

describe('batched groups', () => {
  it("read every key's rows asked for in one turn with one statement, each caller its own rows in order", async () => {
    const { statements, readMany } = recordedGroups();
    const read = batchedGroups(readMany, (item) => item.rfq);
    const [first, second, none] = await Promise.all([read('r1'), read('r2'), read('r3')]);
    expect(first.map((item) => item.name)).toEqual(['Cement', 'Rods', 'Blocks']);
    expect(second.map((item) => item.name)).toEqual(['Sand', 'Gravel']);
    expect(none).toEqual([]);
    expect(statements).toEqual([['r1', 'r2', 'r3']]);
  });

  it('answer callers asking for several keys the rows of their own keys only, from one statement', async () => {
    const { statements, readMany } = recordedGroups();
    const read = batchedGroupsOfMany(readMany, (item) => item.rfq);
    const [both, one, empty] = await Promise.all([read(['r1', 'r2']), read(['r2']), read([])]);
    expect(both.map((item) => item.name)).toEqual(['Cement', 'Sand', 'Rods', 'Gravel', 'Blocks']);
    expect(one.map((item) => item.name)).toEqual(['Sand', 'Gravel']);
    expect(empty).toEqual([]);
    expect(statements).toEqual([['r1', 'r2']]);
  });
});
