// First-load benchmark: Lighthouse (performance) on /login and on the dashboard signed in as the demo
// administrator, mobile and desktop profiles, medians of 3 runs. `npm run bench:lighthouse -w @trowel/bench`
//
// The web app is built as `npm run build` builds it (BENCH_SKIP_BUILD=true keeps an existing build),
// then served by the real server with the demo company, a process of its own on port 3340 or the next
// free one. Every run is a fresh Chromium (empty cache). BENCH_LIGHTHOUSE_RUNS changes the run count.
import { cleanUpOnInterrupt } from './lib/cleanup.ts';
import { machineBusyPercent } from './lib/cpu.ts';
import { runLighthouse, type LighthouseFigures, type Profile } from './lib/lighthouse-run.ts';
import {
  BenchError,
  fetchJson,
  machineFacts,
  resultsFile,
  sourceRevision,
  writeResults,
} from './lib/measure.ts';
import { formatTable } from './lib/table.ts';
import { buildWeb, startServedWeb } from './lib/web-server.ts';

/** The server's port: BENCH_PORT, or 3340 (the next free one if taken). */
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 3340);
/** Where the build goes and is served from: BENCH_WEB_DIST, or apps/web/dist as `npm run build` writes it. */
const WEB_DIST = process.env.BENCH_WEB_DIST;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const RESULTS_FILE = resultsFile('latest-lighthouse.json');
const DEMO_ADMIN = { email: 'admin@trowel.test', password: 'demo1234' };

const ALL_PAGES = [
  { name: '/login', path: '/login', signedIn: false },
  { name: 'dashboard (admin)', path: '/', signedIn: true },
] as const;
const ALL_PROFILES: Profile[] = ['mobile', 'desktop'];

/** BENCH_PAGES=/login and BENCH_PROFILES=mobile (comma-separated) shorten a run to some pages or profiles. */
function picked<T extends string>(variable: string, all: readonly T[]): T[] {
  const wanted = process.env[variable]?.split(',').map((entry) => entry.trim());
  if (!wanted) return [...all];
  const chosen = all.filter((entry) => wanted.includes(entry));
  if (chosen.length === 0) throw new BenchError(`${variable} names none of ${all.join(', ')}`);
  return chosen;
}
const PAGE_PATHS = picked(
  'BENCH_PAGES',
  ALL_PAGES.map((page) => page.path),
);
const PAGES = ALL_PAGES.filter((page) => PAGE_PATHS.includes(page.path));
const PROFILES = picked('BENCH_PROFILES', ALL_PROFILES);

/** Mobile targets of the first-load work. */
const TARGETS = { lcpMs: 2500, tbtMs: 200, loginBytes: 200 * 1024 };

interface PageResult {
  page: string;
  profile: Profile;
  runs: LighthouseFigures[];
  median: { score: number; lcpMs: number; tbtMs: number; fcpMs: number; transferredBytes: number };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, say): such a run is run again, twice at most. */
async function measuredRun(url: string, profile: Profile, token: string | null): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouse(url, profile, token);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || !error.message.startsWith('Lighthouse:')) throw error;
      console.error(`  (run again: ${error.message.split('\n')[0]})`);
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function medianOf(runs: LighthouseFigures[]): PageResult['median'] {
  const of = (pick: (run: LighthouseFigures) => number) => median(runs.map(pick));
  return {
    score: of((run) => run.score),
    lcpMs: Math.round(of((run) => run.lcpMs)),
    tbtMs: Math.round(of((run) => run.tbtMs)),
    fcpMs: Math.round(of((run) => run.fcpMs)),
    transferredBytes: Math.round(of((run) => run.transferredBytes)),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The heaviest transfers and scripts of the last run of a page, to see what dominates. */
function printDiagnostics(result: PageResult) {
  const last = result.runs.at(-1);
  if (!last) return;
  const transfers = [...last.resources].sort((a, b) => b.transferBytes - a.transferBytes).slice(0, 5);
  console.log(`\n${result.page} (${result.profile}): largest transfers, then main-thread time by script`);
  for (const resource of transfers) {
    console.log(
      `  ${kb(resource.transferBytes).padStart(10)} (${kb(resource.resourceBytes)} decoded)  ${resource.url}`,
    );
  }
  console.log(`  LCP element: ${last.lcpElement ?? 'unknown'}`);
  for (const task of last.longTasks.slice(0, 6)) {
    console.log(`  long task at ${task.startMs} ms: ${task.durationMs} ms  ${task.url}`);
  }
  for (const script of last.scriptMs.slice(0, 4)) {
    console.log(
      `  ${`${script.totalMs} ms`.padStart(10)} (${script.scriptingMs} ms scripting)  ${script.url}`,
    );
  }
}

async function main() {
  cleanUpOnInterrupt();
  if (!Number.isInteger(RUNS) || RUNS < 1)
    throw new BenchError('BENCH_LIGHTHOUSE_RUNS must be a positive integer');
  buildWeb(process.env.BENCH_SKIP_BUILD === 'true', WEB_DIST);
  const served = await startServedWeb(FIRST_PORT, WEB_DIST);
  try {
    const { token } = await fetchJson<{ token: string }>(`${served.origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_ADMIN),
    });
    const backgroundCpuPercent = await machineBusyPercent(2000);
    console.log(
      `Serving ${served.origin}; rest of the machine busy ${backgroundCpuPercent ?? '?'}% of one core`,
    );
    // One unmeasured run per page: the server's first answers (module loading, JIT) are not first loads.
    for (const page of PAGES)
      await runLighthouse(served.origin + page.path, 'mobile', page.signedIn ? token : null);

    const results: PageResult[] = [];
    for (const page of PAGES) {
      for (const profile of PROFILES) {
        const runs: LighthouseFigures[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          runs.push(await measuredRun(served.origin + page.path, profile, page.signedIn ? token : null));
          const last = runs.at(-1)!;
          const landed = new URL(last.finalUrl).pathname;
          if (landed !== page.path) throw new BenchError(`${page.name} ended on ${landed}, not ${page.path}`);
          console.log(
            `  ${page.name} ${profile} run ${run + 1}: score ${last.score}, LCP ${seconds(last.lcpMs)}, ` +
              `TBT ${Math.round(last.tbtMs)} ms, ${kb(last.transferredBytes)}`,
          );
        }
        results.push({ page: page.name, profile, runs, median: medianOf(runs) });
      }
    }

    console.log(
      `\nMedians of ${RUNS} runs (Lighthouse simulated throttling; mobile = Moto G Power, slow 4G)\n`,
    );
    console.log(
      formatTable(
        [
          { title: 'page' },
          { title: 'profile' },
          { title: 'score', align: 'right' },
          { title: 'LCP', align: 'right' },
          { title: 'TBT', align: 'right' },
          { title: 'FCP', align: 'right' },
          { title: 'transferred', align: 'right' },
        ],
        results.map((result) => [
          result.page,
          result.profile,
          String(result.median.score),
          seconds(result.median.lcpMs),
          `${result.median.tbtMs} ms`,
          seconds(result.median.fcpMs),
          kb(result.median.transferredBytes),
        ]),
      ),
    );
    for (const result of results.filter((entry) => entry.profile === 'mobile')) printDiagnostics(result);

    const mobile = results.filter((result) => result.profile === 'mobile');
    const login = mobile.find((result) => result.page === '/login');
    const targets = [
      ...mobile.flatMap((result) => [
        {
          target: `${result.page} mobile LCP <= 2.5 s`,
          actual: seconds(result.median.lcpMs),
          pass: result.median.lcpMs <= TARGETS.lcpMs,
        },
        {
          target: `${result.page} mobile TBT <= 200 ms`,
          actual: `${result.median.tbtMs} ms`,
          pass: result.median.tbtMs <= TARGETS.tbtMs,
        },
      ]),
      ...(login
        ? [
            {
              target: '/login transfers <= 200 KB',
              actual: kb(login.median.transferredBytes),
              pass: login.median.transferredBytes <= TARGETS.loginBytes,
            },
          ]
        : []),
    ];
    console.log('\nTargets');
    for (const target of targets)
      console.log(`  ${target.pass ? 'PASS' : 'MISS'}  ${target.target.padEnd(32)} actual ${target.actual}`);

    await writeResults(RESULTS_FILE, {
      benchmark: 'lighthouse first load',
      measuredAt: new Date().toISOString(),
      source: sourceRevision(),
      machine: machineFacts(),
      backgroundCpuPercent,
      runsPerPage: RUNS,
      results: results.map((result) => ({
        ...result,
        runs: result.runs.map((run) => ({
          ...run,
          resources: run.resources.length,
          scriptMs: run.scriptMs.slice(0, 5),
        })),
      })),
      targets,
    });
  } finally {
    await served.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BenchError ? error.message : error);
  process.exitCode = 1;
});
