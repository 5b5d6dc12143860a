import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { preparedStatements } from '../db/prepared.ts';
import { jobs, type JobRow } from '../db/schema.ts';

/** How long a claimed job may run without renewal before another worker may take it over (JOB_LEASE_SECONDS). */
export const JOB_LEASE_SECONDS = 300;

export interface EnqueueInput {
  type: string;
  payload: Record<string, unknown>;
  requestedBy?: string | null;
  maxAttempts?: number;
  /** At most one job with this key is ever queued (see enqueueOnce). */
  singletonKey?: string;
}

/**
 * Background jobs in the application database (works the same on PGlite and PostgreSQL).
 * Claims use FOR UPDATE SKIP LOCKED, so several worker processes can share the table.
 */
export function jobQueue(db: Db) {
  // The worker's own statements (a claim and a completion per job) are prepared once per shape.
  const prepared = preparedStatements('jobs');
  return {
    async enqueue(input: EnqueueInput): Promise<JobRow> {
      const [row] = await db
        .insert(jobs)
        .values({
          type: input.type,
          payload: input.payload,
          requestedBy: input.requestedBy ?? null,
          maxAttempts: input.maxAttempts ?? 3,
          singletonKey: input.singletonKey ?? null,
        })
        .returning();
      return row!;
    },

    /**
     * Queues a job unless one with the same singleton key was ever queued (by any process): answers
     * the new job, or null when the key was taken. The unique index decides, so racing workers agree.
     */
    async enqueueOnce(input: EnqueueInput & { singletonKey: string }): Promise<JobRow | null> {
      const [row] = await db
        .insert(jobs)
        .values({
          type: input.type,
          payload: input.payload,
          requestedBy: input.requestedBy ?? null,
          maxAttempts: input.maxAttempts ?? 3,
          singletonKey: input.singletonKey,
        })
        .onConflictDoNothing({ target: jobs.singletonKey })
        .returning();
      return row ?? null;
    },

    /** Replaces what is left to do of a running job (a batch that got part of the way before failing). */
    async replacePayload(id: number, payload: Record<string, unknown>) {
      await db
        .update(jobs)
        .set({ payload, updatedAt: sql`now()` })
        .where(eq(jobs.id, id));
    },

    /**
     * Takes the next runnable job: a queued one, or a running one whose lease ran out (its worker
     * died). A job that has used all its attempts is failed instead of run again.
     */
    async claim(types: readonly string[], leaseSeconds = JOB_LEASE_SECONDS): Promise<JobRow | null> {
      if (types.length === 0) return null;
      const typeList = `{${types.map((type) => JSON.stringify(type)).join(',')}}`;
      // One statement takes the job and answers it: a claim is never made without its worker learning
      // of it (short of the connection dropping as it commits), which would leave it to its lease.
      const [row] = await prepared('claim', { types: typeList, leaseSeconds }, (bind) =>
        db
          .update(jobs)
          .set({
            status: 'running',
            attempts: sql`${jobs.attempts} + 1`,
            lockedUntil: sql`now() + make_interval(secs => ${bind('leaseSeconds', leaseSeconds)}::int)`,
            updatedAt: sql`now()`,
          })
          .where(
            sql`${jobs.id} = (
              select id from jobs
              where type = any(${bind('types', typeList)}::text[])
                and ((status = 'queued' and run_after <= now())
                  or (status = 'running' and locked_until < now()))
              order by id
              for update skip locked
              limit 1
            )`,
          )
          .returning(),
      );
      return row ?? null;
    },

    /** Renews the lease of a job still running, so long work (a long video) is not taken over. */
    async extendLease(id: number, leaseSeconds = JOB_LEASE_SECONDS) {
      await db
        .update(jobs)
        .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'running')));
    },

    async complete(id: number, result: Record<string, unknown>) {
      await prepared('complete', { id, result }, (bind) =>
        db
          .update(jobs)
          .set({
            status: 'done',
            result: bind('result', result) as Record<string, unknown>,
            lockedUntil: null,
            updatedAt: sql`now()`,
          })
          .where(and(eq(jobs.id, bind('id', id) as number), eq(jobs.status, 'running'))),
      );
    },

    /**
     * Fails a job for good, or puts it back in the queue while attempts remain and the error is
     * transient, to run again after `delaySeconds` (by default 2^attempts seconds).
     */
    async fail(
      job: JobRow,
      reason: string,
      retry: boolean,
      delaySeconds = 2 ** job.attempts,
    ): Promise<{ willRetry: boolean }> {
      const again = retry && job.attempts < job.maxAttempts;
      await db
        .update(jobs)
        .set({
          status: again ? 'queued' : 'failed',
          error: reason,
          lockedUntil: null,
          runAfter: sql`now() + make_interval(secs => ${delaySeconds})`,
          updatedAt: sql`now()`,
        })
        .where(eq(jobs.id, job.id));
      return { willRetry: again };
    },

    /** Fails running jobs whose lease ran out after their last attempt: nothing stays processing forever. */
    async failAbandoned(): Promise<JobRow[]> {
      return db
        .update(jobs)
        .set({
          status: 'failed',
          error: 'Processing was interrupted',
          lockedUntil: null,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(jobs.status, 'running'),
            sql`${jobs.lockedUntil} < now()`,
            sql`${jobs.attempts} >= ${jobs.maxAttempts}`,
          ),
        )
        .returning();
    },

    /** Removes finished jobs of these types older than `days` (sent mail is not kept for ever). */
    async deleteFinished(types: readonly string[], days: number) {
      if (types.length === 0) return;
      await db.execute(sql`
        delete from jobs
        where type in (${sql.join(
          types.map((type) => sql`${type}`),
          sql`, `,
        )})
          and status in ('done', 'failed')
          and updated_at < now() - make_interval(days => ${days})`);
    },

    async findByProcessingId(processingId: string) {
      const [row] = await db.select().from(jobs).where(eq(jobs.processingId, processingId)).limit(1);
      return row ?? null;
    },
  };
}

export type JobQueue = ReturnType<typeof jobQueue>;
