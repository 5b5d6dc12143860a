import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { jobs } from '../db/schema.ts';
import { startWorker } from './worker.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ RUN_WORKER: 'false' });
});
afterAll(() => server.stop());

describe('job worker', () => {
  it('gives way to a burst of requests being answered, then runs the job', async () => {
    const ran: number[] = [];
    const inFlight = server.ctx.requestsInFlight;
    for (let count = 0; count < inFlight.busyAt; count++) inFlight.enter();
    await server.ctx.jobs.enqueue({ type: 'test.give-way', payload: {} });
    const worker = startWorker(
      server.ctx,
      { 'test.give-way': { run: async () => (ran.push(performance.now()), {}) } },
      1,
      server.app.log,
      // Long enough that only the end of the burst can let the job go, however slow the machine.
      60_000,
    );
    try {
      // Busy: the job waits.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(ran).toEqual([]);
      inFlight.leave();
      await expect.poll(() => ran.length).toBe(1);
    } finally {
      for (let count = 1; count < inFlight.busyAt; count++) inFlight.leave();
      await worker.stop();
    }
  });

  it('is drained only by a claim begun after it was asked, not by one that missed a job queued meanwhile', async () => {
    const ran: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let claimed!: () => void;
    const firstClaimAnswered = new Promise<void>((resolve) => (claimed = resolve));
    // The first claim reads the queue (empty) at once, but answers only once the job below was queued
    // and the drain asked for.
    const claim = server.ctx.jobs.claim;
    let first = true;
    const ctx = {
      ...server.ctx,
      jobs: {
        ...server.ctx.jobs,
        claim: async (...args: Parameters<typeof claim>) => {
          const found = await claim(...args);
          if (first) {
            first = false;
            claimed();
            await released;
          }
          return found;
        },
      },
    };
    const worker = startWorker(
      ctx,
      { 'test.drain': { run: async (_ctx, job) => (ran.push(String(job.id)), {}) } },
      1,
      server.app.log,
    );
    try {
      await firstClaimAnswered;
      const job = await server.ctx.jobs.enqueue({ type: 'test.drain', payload: {} });
      const drained = worker.drain();
      release();
      await drained;
      expect(ran).toEqual([String(job.id)]);
    } finally {
      await worker.stop();
    }
  });

  it('records a finished job once the database answers again, instead of leaving it running', async () => {
    const queued = await server.ctx.jobs.enqueue({ type: 'test.outage', payload: {} });
    const queue = server.ctx.jobs;
    const complete = queue.complete;
    let refused = 0;
    // The database restarts as the job finishes: its outcome cannot be written for a moment.
    queue.complete = async (...args) => {
      if (refused++ < 2) throw new Error('Connection terminated unexpectedly');
      return complete(...args);
    };
    const worker = startWorker(
      server.ctx,
      { 'test.outage': { run: async () => ({ ok: true }) } },
      1,
      server.app.log,
    );
    try {
      await worker.drain();
      const [job] = await server.ctx.db.select().from(jobs).where(eq(jobs.id, queued.id));
      expect(job!.status).toBe('done');
      expect(job!.attempts).toBe(1);
      expect(refused).toBe(3);
    } finally {
      queue.complete = complete;
      await worker.stop();
    }
  });
});
