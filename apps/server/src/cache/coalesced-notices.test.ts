import { describe, expect, it } from 'vitest';
import { CoalescedNotices, MAX_NOTICE_BYTES, payloadsOf } from './coalesced-notices.ts';

/** A sender whose NOTIFYs end when the test says so. */
function heldSender() {
  const sent: string[] = [];
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  return {
    sent,
    send: (payload: string) =>
      new Promise<void>((resolve, reject) => {
        sent.push(payload);
        pending.push({ resolve, reject });
      }),
    finish: () => pending.shift()!.resolve(),
    fail: () => pending.shift()!.reject(new Error('connection lost')),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('coalesced notices', () => {
  it('send the notices of one moment in one NOTIFY, each once', async () => {
    const sender = heldSender();
    const notices = new CoalescedNotices(sender.send);
    const done = [
      notices.add('{"kind":"projects"}'),
      notices.add('{"kind":"budgets"}'),
      notices.add('{"kind":"projects"}'),
    ];
    await tick();
    expect(sender.sent).toEqual(['[{"kind":"projects"},{"kind":"budgets"}]']);
    sender.finish();
    await Promise.all(done);
  });

  it('gather what arrives while one is sent into the next, and answer each caller after its own', async () => {
    const sender = heldSender();
    const notices = new CoalescedNotices(sender.send);
    let firstDone = false;
    let laterDone = false;
    void notices.add('"a"').then(() => (firstDone = true));
    await tick();
    const later = [notices.add('"b"'), notices.add('"c"'), notices.add('"b"')];
    void Promise.all(later).then(() => (laterDone = true));
    await tick();
    expect(sender.sent).toEqual(['["a"]']);
    sender.finish();
    await tick();
    expect(firstDone).toBe(true);
    expect(laterDone).toBe(false);
    expect(sender.sent).toEqual(['["a"]', '["b","c"]']);
    sender.finish();
    await tick();
    expect(laterDone).toBe(true);
  });

  it('tell the callers of a failed NOTIFY, and go on with the next', async () => {
    const sender = heldSender();
    const notices = new CoalescedNotices(sender.send);
    const failed = notices.add('"a"');
    await tick();
    const next = notices.add('"b"');
    sender.fail();
    await expect(failed).rejects.toThrow('connection lost');
    await tick();
    expect(sender.sent).toEqual(['["a"]', '["b"]']);
    sender.finish();
    await expect(next).resolves.toBeUndefined();
  });

  it('split a batch below the payload limit', () => {
    const notice = JSON.stringify({ kind: 'user', id: 'x'.repeat(100) });
    const notices = Array.from({ length: 200 }, (_, index) =>
      notice.replace('xxx', String(index).padStart(3, '0')),
    );
    const payloads = payloadsOf(notices);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(MAX_NOTICE_BYTES + 1);
    expect(payloads.flatMap((payload) => JSON.parse(payload) as unknown[])).toEqual(
      notices.map((text) => JSON.parse(text) as unknown),
    );
  });
});
