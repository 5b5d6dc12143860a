import fs from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * The niceness of background work: image resizing on libvips and libuv pool threads, ffmpeg children.
 * Above zero, the scheduler gives the event loop's thread the CPU first, so requests are answered
 * promptly while a batch of photos processes; with no request waiting, background work still gets all
 * of the CPU.
 */
export const BACKGROUND_NICENESS = 10;

const TASKS_DIR = '/proc/self/task';

/**
 * Lowers every thread of this process except the main one (which runs the event loop) to
 * BACKGROUND_NICENESS. On Linux niceness belongs to each thread, and a thread inherits its creator's:
 * libvips threads started from a lowered libuv pool thread are born lowered. Threads the main thread
 * starts later (more pool threads, V8 helpers) are caught by the next call, which costs a directory
 * read and two system calls per thread. Elsewhere it does nothing. Answers how many threads it lowered.
 */
export function lowerHelperThreads(): number {
  let tids: number[];
  try {
    tids = fs.readdirSync(TASKS_DIR).map(Number);
  } catch {
    return 0;
  }
  let count = 0;
  for (const tid of tids) {
    if (tid === process.pid) continue;
    try {
      if (getPriority(tid) >= BACKGROUND_NICENESS) continue;
      setPriority(tid, BACKGROUND_NICENESS);
      count++;
    } catch {
      // The thread ended meanwhile, or the sandbox forbids it: it keeps its priority.
    }
  }
  return count;
}
