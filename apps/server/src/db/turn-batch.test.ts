import { describe, expect, it } from 'vitest';
import { batchedByTurnInGroups } from './turn-batch.ts';

describe('calls batched by turn in groups', () => {
  it('run the calls of a turn one group at a time, answer each its own value, and fail only a failed group', async () => {
    const runs: string[][] = [];
    const read = batchedByTurnInGroups(
      (call: { reader: string; id: string }) => call.reader,
      async (group) => {
        runs.push(group.map((call) => `${call.reader}:${call.id}`));
        if (group[0]!.reader === 'broken') throw new Error('connection lost');
        return group.map((call) => `${call.id} for ${call.reader}`);
      },
    );
    const answers = await Promise.allSettled([
      read({ reader: 'ada', id: '1' }),
      read({ reader: 'bola', id: '2' }),
      read({ reader: 'broken', id: '3' }),
      read({ reader: 'ada', id: '4' }),
    ]);
    expect(answers).toEqual([
      { status: 'fulfilled', value: '1 for ada' },
      { status: 'fulfilled', value: '2 for bola' },
      { status: 'rejected', reason: new Error('connection lost') },
      { status: 'fulfilled', value: '4 for ada' },
    ]);
    expect(runs).toEqual([['ada:1', 'ada:4'], ['bola:2'], ['broken:3']]);
    expect(await read({ reader: 'ada', id: '5' })).toBe('5 for ada');
    expect(runs.at(-1)).toEqual(['ada:5']);
  });
});
