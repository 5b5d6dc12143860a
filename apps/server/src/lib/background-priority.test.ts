import fs from 'node:fs';
import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NICENESS, lowerHelperThreads } from './background-priority.ts';

const linux = fs.existsSync('/proc/self/task');

function threadNiceness() {
  return fs
    .readdirSync('/proc/self/task')
    .map(Number)
    .map((tid) => ({ tid, niceness: getPriority(tid) }));
}

describe.skipIf(!linux)('lowerHelperThreads', () => {
  it('lowers every thread but the main one, once', async () => {
    // Work on libuv's pool makes sure its threads exist.
    await Promise.all(Array.from({ length: 8 }, () => fs.promises.stat(import.meta.filename)));
    const mainBefore = getPriority(process.pid);
    const helpers = threadNiceness().filter((thread) => thread.tid !== process.pid);
    expect(helpers.length).toBeGreaterThan(0);

    expect(lowerHelperThreads()).toBeGreaterThan(0);

    for (const thread of threadNiceness()) {
      if (thread.tid === process.pid) expect(thread.niceness).toBe(mainBefore);
      else expect(thread.niceness).toBeGreaterThanOrEqual(BACKGROUND_NICENESS);
    }
    expect(lowerHelperThreads()).toBe(0);
  });
});
