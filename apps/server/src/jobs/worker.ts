import type { Logger } from '../lib/logger.ts';
import type { PlatformContext as AppContext } from '../platform.ts';
import type { JobRow } from '../db/schema.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { deleteStaleIdempotencyKeys } from '../http/idempotency.ts';

/** A job handler answers the job's result; a thrown PermanentJobError fails it without retry. */
export type JobHandler<C extends AppContext = AppContext> = (
  ctx: C,
  job: JobRow,
) => Promise<Record<string, unknown>>;

/** Runs once a job has failed for good (attempts used, refused, or abandoned by a worker that died). */
export type JobFailureHandler<C extends AppContext = AppContext> = (
  ctx: C,
  job: JobRow,
  reason: string,
) => Promise<void>;

/** A module's periodic clean-up, run every ten minutes by each worker. */
export type Housekeeping<C extends AppContext = AppContext> = (ctx: C) => Promise<unknown>;

export interface JobKind<C extends AppContext = AppContext> {
  run: JobHandler<C>;
  failed?: JobFailureHandler<C>;
  /** Seconds before attempt n + 1 after n failed attempts (default 2^n). */
  retryDelaySeconds?: (attemptsMade: number) => number;
  /**
   * A recurring job: the period `now` falls in. The worker queues one job per period (its key is the
   * job's singleton key, so several workers queue it once), checking every minute.
   */
  schedule?: (now: Date) => { key: string; payload: Record<string, unknown> };
  /** Finished jobs of this kind are removed after this many days (kept otherwise). */
  keepDays?: number;
}

/** Queues the current period's job of every recurring kind that has not been queued yet. */
export async function queueRecurringJobs<C extends AppContext>(
  ctx: C,
  kinds: Record<string, JobKind<C>>,
  now = new Date(),
) {
  let queued = 0;
  for (const [type, kind] of Object.entries(kinds)) {
    if (!kind.schedule) continue;
    const { key, payload } = kind.schedule(now);
    if (await ctx.jobs.enqueueOnce({ type, payload, singletonKey: `${type}:${key}` })) queued++;
  }
  return queued;
}

export class PermanentJobError extends Error {}

export interface Worker {
  stop(): Promise<void>;
  /** Wakes idle loops at once after new work was queued. */
  nudge(): void;
  /** Resolves once no claimable job is left (tests and benchmarks). */
  drain(): Promise<void>;
}

const IDLE_POLL_MS = 500;
/** How long a job waits at most for the process to be no longer busy answering a burst of requests. */
const GIVE_WAY_MS = 100;
const MAINTENANCE_EVERY_MS = 10 * 60_000;
/** How often the outcome of a finished job is tried again while the database cannot be reached. */
const RECORD_RETRY_MS = 1000;
const SCHEDULE_EVERY_MS = 60_000;

/** Runs jobs with `concurrency` parallel loops until stopped; also does periodic housekeeping. */
export function startWorker<C extends AppContext>(
  ctx: C,
  kinds: Record<string, JobKind<C>>,
  concurrency: number,
  log: Logger,
  /** How long a job waits at most while the process answers a burst of requests. */
  giveWayMs = GIVE_WAY_MS,
  /** The modules' periodic clean-ups (expired sessions, stale sign-in throttles), run with the worker's own. */
  housekeeping: ReadonlyArray<Housekeeping<C>> = [],
): Worker {
  const types = Object.keys(kinds);
  const leaseSeconds = ctx.config.jobLeaseSeconds;
  // Renewed five times a lease: a worker that is alive never loses a job, one that died lets it go.
  const leaseRenewMs = (leaseSeconds * 1000) / 5;

  async function failedForGood(job: JobRow, reason: string) {
    try {
      await kinds[job.type]?.failed?.(ctx, job, reason);
    } catch (error) {
      log.error({ err: error, jobId: job.id }, 'job failure handler failed');
    }
  }
  let stopping = false;

  /**
   * Writes a finished job's outcome; while the database cannot be reached (it restarts), tries again
   * every second, for as long as a lease lasts: the job is then recorded as soon as the database is
   * back, instead of staying `running` until its lease runs out and being run a second time.
   */
  async function record<T>(write: () => Promise<T>): Promise<T> {
    const giveUpAt = Date.now() + leaseSeconds * 1000;
    for (;;) {
      try {
        return await write();
      } catch (error) {
        if (!isDatabaseUnavailable(error) || stopping || Date.now() >= giveUpAt) throw error;
        await new Promise((resolve) => setTimeout(resolve, RECORD_RETRY_MS));
      }
    }
  }
  const sleepers = new Set<() => void>();
  const wakeAll = () => sleepers.forEach((wake) => wake());
  /**
   * Who waits for the queue to be drained, each with the number of the last claim begun before they
   * asked: only a claim begun after that one can tell them that nothing is left (one begun before
   * may have missed a job queued meanwhile).
   */
  const idleWaiters: Array<{ after: number; resolve: () => void }> = [];
  let claims = 0;
  let busy = 0;

  async function runOne(): Promise<boolean> {
    // A loop counts as busy while it claims: another loop's claim skips the row it has locked, and must not
    // report the queue drained while that job is being taken.
    busy++;
    let job: JobRow | null;
    try {
      job = await ctx.jobs.claim(types, leaseSeconds);
    } catch (error) {
      busy--;
      throw error;
    }
    if (!job) {
      busy--;
      return false;
    }
    // The lease is renewed while the job runs; only a worker that died lets it run out.
    const heartbeat = setInterval(() => {
      ctx.jobs
        .extendLease(job.id, leaseSeconds)
        .catch((error: unknown) => log.warn({ err: error }, 'lease renewal failed'));
    }, leaseRenewMs);
    heartbeat.unref();
    try {
      const kind = kinds[job.type];
      if (!kind) throw new PermanentJobError(`No handler for ${job.type}`);
      const result = await kind.run(ctx, job);
      await record(() => ctx.jobs.complete(job.id, result));
    } catch (error) {
      const permanent = error instanceof PermanentJobError;
      const reason = error instanceof Error ? error.message : 'Processing failed';
      log.warn({ jobId: job.id, type: job.type, reason }, 'job failed');
      const delay = kinds[job.type]?.retryDelaySeconds?.(job.attempts);
      const { willRetry } = await record(() => ctx.jobs.fail(job, reason, !permanent, delay));
      if (!willRetry) await failedForGood(job, reason);
    } finally {
      clearInterval(heartbeat);
      busy--;
    }
    return true;
  }

  function sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });
  }

  async function loop() {
    while (!stopping) {
      // Answering people comes first: while this process answers a burst of requests, the next job
      // waits until it is over, or giveWayMs at most (a steady load only slows jobs by that).
      await ctx.requestsInFlight.notBusy(giveWayMs);
      let worked = false;
      const claim = ++claims;
      try {
        worked = await runOne();
      } catch (error) {
        if (!stopping) log.error({ err: error }, 'job loop error');
      }
      if (!worked) {
        if (busy === 0) {
          for (const waiter of idleWaiters.filter(({ after }) => claim > after)) {
            idleWaiters.splice(idleWaiters.indexOf(waiter), 1);
            waiter.resolve();
          }
        }
        await sleep(IDLE_POLL_MS);
      }
    }
  }

  async function maintenance() {
    try {
      for (const job of await ctx.jobs.failAbandoned())
        await failedForGood(job, job.error ?? 'Processing was interrupted');
      for (const cleanUp of housekeeping) await cleanUp(ctx);
      await deleteStaleIdempotencyKeys(ctx.db);
      for (const [type, kind] of Object.entries(kinds))
        if (kind.keepDays !== undefined) await ctx.jobs.deleteFinished([type], kind.keepDays);
    } catch (error) {
      if (!stopping) log.warn({ err: error }, 'maintenance failed');
    }
  }

  async function schedule() {
    try {
      if (await queueRecurringJobs(ctx, kinds)) wakeAll();
    } catch (error) {
      if (!stopping) log.warn({ err: error }, 'scheduling recurring jobs failed');
    }
  }

  const loops = Array.from({ length: concurrency }, () => loop());
  const unlisten = ctx.jobSignal.listen(wakeAll);
  void maintenance();
  const maintenanceTimer = setInterval(() => void maintenance(), MAINTENANCE_EVERY_MS);
  maintenanceTimer.unref();
  const recurring = Object.values(kinds).some((kind) => kind.schedule);
  if (recurring) void schedule();
  const scheduleTimer = recurring ? setInterval(() => void schedule(), SCHEDULE_EVERY_MS) : null;
  scheduleTimer?.unref();

  return {
    async stop() {
      stopping = true;
      unlisten();
      clearInterval(maintenanceTimer);
      if (scheduleTimer) clearInterval(scheduleTimer);
      wakeAll();
      await Promise.all(loops);
    },
    nudge: wakeAll,
    drain() {
      return new Promise<void>((resolve) => {
        idleWaiters.push({ after: claims, resolve });
        wakeAll();
      });
    },
  };
}
