import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
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
});
