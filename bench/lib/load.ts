import { fork, type ChildProcess } from 'node:child_process';
import type { LoadJob, LoadMessage, LoadRequest, LoadSummary } from './load-types.ts';

export interface LoadGenerator {
  pid: number | undefined;
  run(request: LoadRequest): Promise<LoadSummary>;
  /** Ends the load process; safe to call more than once. */
  stop(): Promise<void>;
}

/** Starts the load-generating process; each run is bounded by its duration plus a grace period. */
export function startLoadGenerator(): LoadGenerator {
  const child: ChildProcess = fork(new URL('./load-runner.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, { resolve(summary: LoadSummary): void; reject(error: Error): void }>();
  let nextId = 1;
  let exited = false;
  let stopping: Promise<void> | undefined;

  child.on('message', (message: LoadMessage) => {
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.ok) waiter.resolve(message.summary);
    else waiter.reject(new Error(`load run failed: ${message.error}`));
  });
  child.on('exit', (code, signal) => {
    exited = true;
    for (const waiter of pending.values()) {
      waiter.reject(new Error(`load process exited (code ${code ?? 'none'}, signal ${signal ?? 'none'})`));
    }
    pending.clear();
  });

  return {
    pid: child.pid,
    run(request) {
      if (exited) return Promise.reject(new Error('load process is not running'));
      const id = nextId++;
      return new Promise<LoadSummary>((resolve, reject) => {
        const limitMs = (request.durationSeconds + Math.max(30, request.timeoutSeconds ?? 0)) * 1000;
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`load run "${request.title}" did not finish within ${limitMs} ms`));
        }, limitMs);
        pending.set(id, {
          resolve: (summary) => {
            clearTimeout(timer);
            resolve(summary);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        const job: LoadJob = { id, request };
        child.send(job);
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
