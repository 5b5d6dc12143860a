import fs from 'node:fs';
import { setPriority } from 'node:os';

/**
 * The niceness of background work (image resizing, video encoding): the lowest there is, so that on a
 * machine the API shares with its database, requests, queries and everything else go first, while
 * background work still gets every cycle nobody else wants.
 */
export const BACKGROUND_NICENESS = 19;

export interface Lowered {
  /** Threads of this process set to BACKGROUND_NICENESS. */
  threads: number;
  /** Whether this process's scheduling autogroup (its session) was lowered too. */
  autogroup: boolean;
}

/**
 * Lowers this whole process below everything else: every thread (on Linux niceness belongs to each
 * thread, and threads started later inherit their creator's) and, where the kernel groups processes
 * by session for scheduling (autogroup), the session, so processes of other sessions (the API, the
 * database) are preferred too. Call it only in a process that has a session of its own (spawned
 * detached): the autogroup is shared by every process of the session. Elsewhere it does what the
 * platform allows and answers what it did.
 */
export function lowerThisProcess(): Lowered {
  let autogroup = false;
  try {
    fs.writeFileSync('/proc/self/autogroup', String(BACKGROUND_NICENESS));
    autogroup = true;
  } catch {
    // No autogroups (disabled, or not Linux): niceness alone orders the threads.
  }
  let tids: number[];
  try {
    tids = fs.readdirSync('/proc/self/task').map(Number);
  } catch {
    tids = [0];
  }
  let threads = 0;
  for (const tid of tids) {
    try {
      setPriority(tid, BACKGROUND_NICENESS);
      threads++;
    } catch {
      // The thread ended meanwhile, or the sandbox forbids it: it keeps its priority.
    }
  }
  return { threads, autogroup };
}
