import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFuzzWorld, type FuzzWorld } from './fuzz/fuzz-world.ts';
import { runFuzz } from './fuzz/run-fuzz.ts';

/**
 * Property-based fuzzing of every body and query of the API, on the demo company: values built from
 * each route's shared zod schema with hostile ones put in (NUL, unpaired surrogates, 100,000-character
 * texts, 1e308 and 1e999, 'NaN', impossible dates, deep nesting, arrays for objects, `__proto__` keys).
 * No answer may be 5xx, and a batch whose every write was refused must leave every table and the
 * stored files as they were. A few runs here; `npm run bench:fuzz -w @trowel/bench` runs many
 * (FUZZ_RUNS, FUZZ_SEED). A failure names its seed: FUZZ_SEED=<seed> replays it.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let world: FuzzWorld;
beforeAll(async () => {
  world = await buildFuzzWorld();
});
afterAll(() => world.stop());

describe('input fuzz', () => {
  it('answers no hostile body or query with 5xx, and a refused write changes nothing', async () => {
    const report = await runFuzz(world, { runs: RUNS, seed: SEED });
    expect(report.failures, `seed ${report.seed}`).toEqual([]);
    expect(report.routes).toBeGreaterThan(90);
    expect(report.comparedBatches).toBeGreaterThan(0);
  }, 120_000);
});
