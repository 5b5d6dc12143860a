/**
 * Tells the job workers of this process that work was queued, so they take it now rather than at their
 * next poll. A worker listens while it runs; with none (workers run elsewhere), waking does nothing.
 */
export class JobSignal {
  private readonly listeners = new Set<() => void>();

  wake(): void {
    for (const listener of this.listeners) listener();
  }

  /** Listens until the answered function is called. */
  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
