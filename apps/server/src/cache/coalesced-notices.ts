/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; the sender may wrap a batch in 100 more. */
export const MAX_NOTICE_BYTES = 7900;

interface Batch {
  notices: Set<string>;
  sent: Promise<void>;
}

/**
 * Sends notices (JSON texts) as few NOTIFYs as it can: one is in flight at a time, and the notices
 * that arrive meanwhile go together in the next, each once, as a JSON array. Every NOTIFY takes a
 * lock that the whole server's notifying commits queue on, so a burst of a hundred changes sends two
 * or three instead of a hundred. Each caller is answered once a NOTIFY carrying its notice was sent.
 */
export class CoalescedNotices {
  private open: Batch | null = null;
  private inFlight: Promise<void> = Promise.resolve();

  constructor(private readonly send: (payload: string) => Promise<void>) {}

  add(notice: string): Promise<void> {
    if (!this.open) {
      const batch: Batch = { notices: new Set(), sent: Promise.resolve() };
      batch.sent = this.inFlight
        .catch(() => undefined)
        .then(() => {
          if (this.open === batch) this.open = null;
          return this.flush(batch.notices);
        });
      this.open = batch;
      this.inFlight = batch.sent;
    }
    this.open.notices.add(notice);
    return this.open.sent;
  }

  private async flush(notices: Set<string>) {
    for (const payload of payloadsOf([...notices])) await this.send(payload);
  }
}

/** JSON arrays of the notices, each under the payload limit. */
export function payloadsOf(notices: readonly string[]): string[] {
  const payloads: string[] = [];
  let current: string[] = [];
  let bytes = 2;
  for (const notice of notices) {
    const size = Buffer.byteLength(notice) + 1;
    if (current.length > 0 && bytes + size > MAX_NOTICE_BYTES) {
      payloads.push(`[${current.join(',')}]`);
      current = [];
      bytes = 2;
    }
    current.push(notice);
    bytes += size;
  }
  if (current.length > 0) payloads.push(`[${current.join(',')}]`);
  return payloads;
}
