import { fork, type ChildProcess } from 'node:child_process';
import type { ProbeJob, ProbeMessage, ProbeRequest, ProbeSummary } from './health-probe-types.ts';

export interface HealthProber {
  pid: number | undefined;
  run(request: ProbeRequest): Promise<ProbeSummary>;
  /** Ends the probe process; safe to call more than once. */
  stop(): Promise<void>;
}

/**
 * Starts the probe process: evenly spaced requests timed to the microsecond. Autocannon's rate limit
 * sends each connection's share in a burst at the top of every second, its latencies are whole
 * milliseconds, and with a rate it back-fills a sample for every millisecond of a slow answer.
 */
export function startHealthProber(): HealthProber {
  const child: ChildProcess = fork(new URL('./health-probe-runner.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // A session of its own: with the kernel's autogroup scheduling, a process shares CPU with the rest of
    // its session, and this one's must not be the benchmark's, busy sending uploads.
    detached: true,
  });
  const pending = new Map<number, { resolve(summary: ProbeSummary): void; reject(error: Error): void }>();
  let nextId = 1;
  let exited = false;
  let stopping: Promise<void> | undefined;
  child.on('message', (message: ProbeMessage) => {
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.ok) waiter.resolve(message.summary);
    else waiter.reject(new Error(`probe failed: ${message.error}`));
  });
  child.on('exit', (code, signal) => {
    exited = true;
    for (const waiter of pending.values()) {
      waiter.reject(new Error(`probe process exited (code ${code ?? 'none'}, signal ${signal ?? 'none'})`));
    }
    pending.clear();
  });
  return {
    pid: child.pid,
    run(request) {
      if (exited) return Promise.reject(new Error('probe process is not running'));
      const id = nextId++;
      return new Promise<ProbeSummary>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        child.send({ id, request } satisfies ProbeJob);
      });
    },
    stop() {
      stopping ??= exited
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const force = setTimeout(() => child.kill('SIGKILL'), 5000);
            child.once('exit', () => {
              clearTimeout(force);
              resolve();
            });
            child.disconnect();
          });
      return stopping;
    },
  };
}
