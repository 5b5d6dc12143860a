import type { FastifyInstance } from 'fastify';

/**
 * The requests this process is answering now, so that background work in the same process can give
 * way to a burst of them: answering people comes first, and a job waits a moment at most.
 */
export class RequestsInFlight {
  private count = 0;
  private waiters: Array<() => void> = [];

  constructor(
    /** From this many requests at once the process counts as busy. */
    readonly busyAt = 16,
  ) {}

  get active() {
    return this.count;
  }

  enter() {
    this.count++;
  }

  leave() {
    this.count--;
    if (this.count < this.busyAt) this.waiters.splice(0).forEach((wake) => wake());
  }

  /** Resolves once fewer than `busyAt` requests are being answered, or after `maxMs` at most. */
  notBusy(maxMs: number): Promise<void> {
    if (this.count < this.busyAt) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((waiter) => waiter !== wake);
        resolve();
      };
      const timer = setTimeout(wake, maxMs);
      this.waiters.push(wake);
    });
  }
}

/** Counts every request from its arrival until its connection has its answer or is gone. */
export function countRequestsInFlight(app: FastifyInstance, inFlight: RequestsInFlight) {
  app.addHook('onRequest', (_request, reply, done) => {
    inFlight.enter();
    reply.raw.once('close', () => inFlight.leave());
    done();
  });
}
