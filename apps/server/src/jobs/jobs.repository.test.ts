import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { jobs } from '../db/schema.ts';
import { eq } from 'drizzle-orm';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ RUN_WORKER: 'false' });
});
afterAll(() => server.stop());

const TYPE = 'test.queue';
const leaseOf = async (id: number) =>
  (await server.ctx.db.select().from(jobs).where(eq(jobs.id, id)))[0]!.lockedUntil!.getTime();

describe('job queue', () => {
  it('renews the lease of a running job only', async () => {
    await server.ctx.jobs.enqueue({ type: TYPE, payload: {} });
    const job = (await server.ctx.jobs.claim([TYPE]))!;
    await server.ctx.db.execute(
      sql`update jobs set locked_until = now() + interval '5 seconds' where id = ${job.id}`,
    );
    const before = await leaseOf(job.id);
    await server.ctx.jobs.extendLease(job.id);
    expect(await leaseOf(job.id)).toBeGreaterThan(before + 60_000);
    await server.ctx.jobs.complete(job.id, {});
    await server.ctx.jobs.extendLease(job.id);
    const [done] = await server.ctx.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(done!.status).toBe('done');
    expect(done!.lockedUntil).toBeNull();
  });

  it('hands a job whose worker died to another worker, and fails it after its last attempt', async () => {
    await server.ctx.jobs.enqueue({ type: TYPE, payload: {}, maxAttempts: 2 });
    const first = (await server.ctx.jobs.claim([TYPE]))!;
    const expire = () =>
      server.ctx.db.execute(
        sql`update jobs set locked_until = now() - interval '1 second' where id = ${first.id}`,
      );
    await expire();
    expect(await server.ctx.jobs.failAbandoned()).toEqual([]);
    const again = (await server.ctx.jobs.claim([TYPE]))!;
    expect(again.id).toBe(first.id);
    expect(again.attempts).toBe(2);
    await expire();
    const abandoned = await server.ctx.jobs.failAbandoned();
    expect(abandoned.map((job) => job.id)).toEqual([first.id]);
    expect(abandoned[0]).toMatchObject({ status: 'failed', error: 'Processing was interrupted' });
    expect(await server.ctx.jobs.claim([TYPE])).toBeNull();
  });
});
