// Start time of `npm start` (node scripts/start.mjs) on an existing data directory: spawn to the first
// 200 of GET /api/health. `npm run bench:startup -w @trowel/bench`
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { machineBusyPercent } from './lib/cpu.ts';
import { resultsFile } from './lib/measure.ts';
import { freePort } from './lib/ports.ts';
import { formatTable } from './lib/table.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = 3;
const TARGET_MS = 5000;
const START_LIMIT_MS = 120_000;
const STOP_LIMIT_MS = 20_000;
const RESULTS_FILE = resultsFile('latest-startup.json');

class StartupError extends Error {}

interface Started {
  child: ChildProcess;
  readyMs: number;
  output: () => string;
}

/** Spawns `node scripts/start.mjs` and answers once GET /api/health answers 200. */
async function start(env: NodeJS.ProcessEnv, port: number): Promise<Started> {
  let output = '';
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exit: string | null = null;
  child.once(
    'exit',
    (code, signal) => (exit = `exited with code ${code ?? 'none'}, signal ${signal ?? 'none'}`),
  );
  const health = `http://127.0.0.1:${port}/api/health`;
  while (performance.now() - started < START_LIMIT_MS) {
    if (exit !== null) throw new StartupError(`server ${exit} before it was ready:\n${output}`);
    try {
      const response = await fetch(health, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.status === 200)
        return { child, readyMs: performance.now() - started, output: () => output };
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  await stop(child);
  throw new StartupError(`server did not answer 200 on ${health} within ${START_LIMIT_MS} ms:\n${output}`);
}

/** SIGTERM, then SIGKILL after a grace period; answers how it ended. */
async function stop(child: ChildProcess): Promise<string> {
  if (child.exitCode !== null || child.signalCode !== null) return `already exited (${child.exitCode})`;
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `code ${code}`)),
  );
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_LIMIT_MS);
  const how = await exited;
  clearTimeout(timer);
  return how;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function main() {
  const cores = os.cpus().length;
  console.log('Trowel start-up time: node scripts/start.mjs on an existing data directory (PGlite)');
  console.log(
    `Machine: ${cores} CPU core(s), Node ${process.version}; time from spawn to the first 200 of /api/health.`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trowel-bench-startup-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SKIP_WEB_BUILD: 'true',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
  };
  delete env.DATABASE_URL;
  try {
    const first = await start(env, port);
    const firstStop = await stop(first.child);
    console.log(
      `first start (creates ${dataDir}, migrates, seeds the demo company): ${Math.round(first.readyMs)} ms; ` +
        `stopped by SIGTERM (${firstStop})`,
    );
    const backgroundCpuPercent = await machineBusyPercent(2000);
    console.log(
      `machine CPU in use before the timed starts (other work): ${backgroundCpuPercent ?? '?'}% of one core`,
    );

    const runs: Array<{ run: number; readyMs: number; stoppedBy: string }> = [];
    for (let run = 1; run <= RUNS; run++) {
      const started = await start(env, port);
      const stoppedBy = await stop(started.child);
      runs.push({ run, readyMs: Math.round(started.readyMs), stoppedBy });
      await sleep(500);
    }
    const times = runs.map((run) => run.readyMs);
    const summary = { medianMs: median(times), maxMs: Math.max(...times) };
    console.log(
      '\n' +
        formatTable(
          [{ title: 'start' }, { title: 'ready ms', align: 'right' }, { title: 'stopped by' }],
          runs.map((run) => [`#${run.run}`, String(run.readyMs), run.stoppedBy]),
        ),
    );
    const verdict = (ms: number) => (ms < TARGET_MS ? 'PASS' : 'MISS');
    console.log(
      `\n  ${verdict(summary.medianMs)}  median ${summary.medianMs} ms vs target < ${TARGET_MS} ms`,
    );
    console.log(`  ${verdict(summary.maxMs)}  max    ${summary.maxMs} ms vs target < ${TARGET_MS} ms`);

    fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    const report = {
      benchmark: 'startup',
      generatedAt: new Date().toISOString(),
      environment: { node: process.version, platform: `${os.platform()} ${os.release()}`, cpus: cores },
      command: 'node scripts/start.mjs (SKIP_WEB_BUILD=true, PGlite, existing DATA_DIR)',
      targetMs: TARGET_MS,
      backgroundCpuPercent,
      firstStartMs: Math.round(first.readyMs),
      runs,
      ...summary,
    };
    fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nResults written to ${path.relative(process.cwd(), RESULTS_FILE)}`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`\nSTART-UP BENCHMARK FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
