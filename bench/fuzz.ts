// The input fuzz at length. `npm run bench:fuzz -w @trowel/bench`
//
// The property-based fuzzing of every body and query that `npm test` runs a few times
// (apps/server/test/input-fuzz.test.ts), run FUZZ_RUNS times per group of routes (default 300) on the
// demo company: no answer may be 5xx, and a batch whose every write was refused must leave every
// table and the stored files as they were. FUZZ_SEED replays a run (a failure prints its seed),
// FUZZ_ONLY=<text> fuzzes the routes whose `METHOD /path` contains the text. On PGlite in memory, or
// on PostgreSQL with TEST_DATABASE_URL (a schema of its own, dropped afterwards). Writes
// bench/results/latest-fuzz.json (or BENCH_RESULTS_DIR) and exits 1 when anything failed.
import { buildFuzzWorld } from '@trowel/server/test/fuzz/fuzz-world.ts';
import { runFuzz } from '@trowel/server/test/fuzz/run-fuzz.ts';
import { cleanUpOnInterrupt, cleanups } from './lib/cleanup.ts';
import { machineFacts, resultsFile, sourceRevision, writeResults } from './lib/measure.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const ONLY = process.env.FUZZ_ONLY;

async function main() {
  cleanUpOnInterrupt();
  const database = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
  console.log(
    `Input fuzz: ${RUNS} runs per group of routes on ${database}${ONLY ? `, routes with "${ONLY}"` : ''}`,
  );
  const world = await buildFuzzWorld();
  cleanups.add(() => world.stop());
  try {
    const report = await runFuzz(world, {
      runs: RUNS,
      seed: SEED,
      only: ONLY,
      log: (line) => console.log(`  ${line}`),
    });
    const statuses = Object.entries(report.statuses)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    console.log(
      `\n${report.requests} requests to ${report.routes} routes in ${(report.milliseconds / 1000).toFixed(0)} s ` +
        `(seed ${report.seed}); ${report.comparedBatches} of ${report.batches} batches compared before/after`,
    );
    console.log(`Statuses: ${statuses}`);
    for (const failure of report.failures) console.log(`\nFAILED ${failure}`);
    if (report.failures.length === 0) console.log('No 5xx, and no refused write changed anything.');
    await writeResults(resultsFile('latest-fuzz.json'), {
      machine: machineFacts(),
      source: sourceRevision(),
      database,
      ...report,
    });
    if (report.failures.length > 0) process.exitCode = 1;
  } finally {
    cleanups.clear();
    await world.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`\nFUZZ FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
});
