// The real server (scripts/start.mjs, as `npm start` runs it) and job workers (src/worker.ts, as
// `npm run worker` runs it) as processes of their own, for faults that kill them (SIGKILL: no
// shutdown, no last word) and start them again on the same database and data directory.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const START_SCRIPT = path.join(ROOT, 'scripts/start.mjs');
const WORKER_SCRIPT = path.join(ROOT, 'apps/server/src/worker.ts');
const HEALTHY_LIMIT_MS = 60_000;
const OUTPUT_LINES = 30;

export interface FaultProcess {
  /** The running process's id (null while stopped). */
  readonly pid: number | null;
  /** Starts it; for the server, answers once GET /api/health answers 200, with the milliseconds it took. */
  start(): Promise<number>;
  /** SIGKILL, then waits for it to be gone. */
  kill9(): Promise<void>;
  /** SIGTERM (a clean stop), SIGKILL after 10 s; safe to call when stopped. */
  stop(): Promise<void>;
  /** Its last lines of output, to explain a failure. */
  output(): string;
}

/** The environment of a child: the settings given, and from this process only what running node needs. */
function childEnvironment(settings: Record<string, string>): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'];
  const env: NodeJS.ProcessEnv = {};
  for (const name of keep) if (process.env[name] !== undefined) env[name] = process.env[name];
  return { ...env, ...settings };
}

function faultProcess(
  args: string[],
  settings: Record<string, string>,
  healthUrl: string | null,
  label: string,
): FaultProcess {
  let child: ChildProcess | null = null;
  const tail: string[] = [];
  const killOnExit = () => child?.kill('SIGKILL');
  const running = () => child !== null && child.exitCode === null && child.signalCode === null;
  const gone = (target: ChildProcess) =>
    target.exitCode !== null || target.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => target.once('exit', () => resolve()));

  async function waitHealthy(target: ChildProcess, url: string, started: number) {
    while (performance.now() - started < HEALTHY_LIMIT_MS) {
      if (target.exitCode !== null || target.signalCode !== null)
        throw new Error(`${label} exited before it answered:\n${tail.join('\n')}`);
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
        await response.arrayBuffer();
        if (response.status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(25);
    }
    throw new Error(`${label} did not answer 200 on ${url} within ${HEALTHY_LIMIT_MS} ms`);
  }

  return {
    get pid() {
      return running() ? (child?.pid ?? null) : null;
    },
    async start() {
      if (running()) throw new Error(`${label} is already running`);
      const started = performance.now();
      const spawned = spawn(process.execPath, args, {
        cwd: ROOT,
        env: childEnvironment(settings),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = spawned;
      process.on('exit', killOnExit);
      for (const stream of [spawned.stdout, spawned.stderr]) {
        readline.createInterface({ input: stream }).on('line', (line) => {
          tail.push(line);
          if (tail.length > OUTPUT_LINES) tail.shift();
        });
      }
      if (healthUrl) await waitHealthy(spawned, healthUrl, started);
      return performance.now() - started;
    },
    async kill9() {
      if (!child) return;
      const target = child;
      target.kill('SIGKILL');
      await gone(target);
      process.off('exit', killOnExit);
    },
    async stop() {
      if (!child) return;
      const target = child;
      if (running()) {
        target.kill('SIGTERM');
        const force = setTimeout(() => target.kill('SIGKILL'), 10_000);
        await gone(target);
        clearTimeout(force);
      }
      process.off('exit', killOnExit);
    },
    output: () => tail.join('\n'),
  };
}

/** The API server on 127.0.0.1:`port` with these settings (DATABASE_URL, DATA_DIR, APP_SECRET, ...). */
export function serverProcess(port: number, settings: Record<string, string>) {
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    HOST: '127.0.0.1',
    PORT: String(port),
    SEED_DEMO: 'false',
    SKIP_WEB_BUILD: 'true',
    LOG_LEVEL: 'warn',
    ...settings,
  };
  return { origin, ...faultProcess([START_SCRIPT], env, `${origin}/api/health`, `server :${port}`) };
}

/** A job worker process on the same database (RUN_WORKER's counterpart for scale-out). */
export function workerProcess(settings: Record<string, string>) {
  return faultProcess(['--import', 'tsx', WORKER_SCRIPT], { LOG_LEVEL: 'warn', ...settings }, null, 'worker');
}
