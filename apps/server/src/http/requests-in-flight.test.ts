import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { countRequestsInFlight, RequestsInFlight } from './requests-in-flight.ts';

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 20));
  return done;
};

describe('requests in flight', () => {
  it('let background work go at once while fewer than the busy mark are being answered', async () => {
    const inFlight = new RequestsInFlight(3);
    inFlight.enter();
    inFlight.enter();
    expect(await settled(inFlight.notBusy(10_000))).toBe(true);
  });

  it('hold background work while busy, until a request ends or the wait runs out', async () => {
    const inFlight = new RequestsInFlight(2);
    inFlight.enter();
    inFlight.enter();
    const waiting = inFlight.notBusy(10_000);
    expect(await settled(waiting)).toBe(false);
    inFlight.leave();
    expect(await settled(waiting)).toBe(true);

    inFlight.enter();
    const started = performance.now();
    await inFlight.notBusy(50);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('count a request from its arrival until it is answered', async () => {
    const inFlight = new RequestsInFlight();
    const app = Fastify();
    countRequestsInFlight(app, inFlight);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const seen: number[] = [];
    app.get('/slow', async () => {
      seen.push(inFlight.active);
      await held;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    try {
      const answered = fetch(`http://127.0.0.1:${port}/slow`).then((response) => response.json());
      await expect.poll(() => seen.length).toBe(1);
      expect(seen).toEqual([1]);
      release();
      expect(await answered).toEqual({ ok: true });
      await expect.poll(() => inFlight.active).toBe(0);
    } finally {
      await app.close();
    }
  });
});
