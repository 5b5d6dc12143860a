import { groupBy } from '../lib/group-by.ts';

/** What one call of a batch came to: its value, or the error that failed that call alone. */
export type Outcome<O> = { value: O } | { error: unknown };

interface Waiting<O> {
  resolve(value: O): void;
  reject(error: unknown): void;
}

/**
 * Calls made in the same turn of the event loop are run together: `runAll` gets every call's input
 * in the order they were made and answers one outcome for each, in the same order. Many requests
 * arriving together (a burst of reviews) then share one round trip to the database instead of
 * taking one each: each round trip costs the server and the database a system call and a wake-up,
 * which on a small machine weigh more than the work itself. When `runAll` throws, every call of its
 * batch fails with that error; the next call starts a new batch.
 */
export function batchedByTurn<I, O>(
  runAll: (inputs: readonly I[]) => Promise<ReadonlyArray<Outcome<O>>>,
): (input: I) => Promise<O> {
  let waiting: Array<{ input: I; caller: Waiting<O> }> | null = null;

  async function flush(batch: ReadonlyArray<{ input: I; caller: Waiting<O> }>) {
    try {
      const outcomes = await runAll(batch.map((call) => call.input));
      batch.forEach(({ caller }, index) => {
        const outcome = outcomes[index];
        if (!outcome) caller.reject(new Error('A batched call was left without an answer'));
        else if ('error' in outcome) caller.reject(outcome.error);
        else caller.resolve(outcome.value);
      });
    } catch (error) {
      for (const { caller } of batch) caller.reject(error);
    }
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      if (!waiting) {
        const batch: Array<{ input: I; caller: Waiting<O> }> = [];
        waiting = batch;
        setImmediate(() => {
          waiting = null;
          void flush(batch);
        });
      }
      waiting.push({ input, caller: { resolve, reject } });
    });
}

/**
 * Like `batchedByTurn`, with the calls of a turn split into groups by `keyOf` (the reader, the page
 * asked for: what one statement can answer together). `runGroup` answers each call of its group, in
 * order; a group that fails fails only its own calls.
 */
export function batchedByTurnInGroups<I, O>(
  keyOf: (input: I) => string,
  runGroup: (group: readonly I[]) => Promise<readonly O[]>,
): (input: I) => Promise<O> {
  return batchedByTurn<I, O>(async (inputs) => {
    const outcomes: Array<Outcome<O>> = new Array(inputs.length);
    const groups = groupBy(
      inputs.map((input, index) => ({ input, index })),
      ({ input }) => keyOf(input),
    );
    await Promise.all(
      [...groups.values()].map(async (group) => {
        try {
          const values = await runGroup(group.map(({ input }) => input));
          group.forEach(({ index }, at) => {
            outcomes[index] = { value: values[at]! };
          });
        } catch (error) {
          for (const { index } of group) outcomes[index] = { error };
        }
      }),
    );
    return outcomes;
  });
}
