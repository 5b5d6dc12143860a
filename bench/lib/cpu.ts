import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Linux reports process and machine CPU time in clock ticks of 10 ms (USER_HZ = 100). */
const TICK_MS = 10;

export interface CpuSnapshot {
  atMs: number;
  serverMs: number | null;
  loadMs: number | null;
  /** CPU time per database backend process id. */
  databaseMs: Map<number, number> | null;
  machineBusyMs: number | null;
}

/** CPU use over a window, in percent of one core (the machine's maximum is cores × 100). */
export interface CpuUse {
  /** The process serving the measured route: Trowel's (with its media processor; on PGlite, the database in
   * it) or the bare one. */
  server: number | null;
  /** The load-generating process. */
  loadGenerator: number | null;
  /** PostgreSQL backends serving the benchmark database (null on PGlite: it runs inside the server). */
  database: number | null;
  /** Everything else on the machine, the benchmark's own process (idle but for its memory sampler) included. */
  other: number | null;
}

function statFields(pid: number): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

function processTicks(pid: number): number | null {
  const fields = statFields(pid);
  return fields ? Number(fields[11]) + Number(fields[12]) : null;
}

/**
 * CPU of a process and every process below it (Trowel's media processor and the ffmpeg runs it
 * starts), children that ended and were waited for included: they are part of the server's work.
 */
function processTreeTicks(pid: number): number | null {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (fields) parents.set(Number(entry), Number(fields[1]));
  }
  if (!parents.has(pid)) return null;
  const tree = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [child, parent] of parents) {
      if (!tree.has(child) && tree.has(parent)) {
        tree.add(child);
        grew = true;
      }
    }
  }
  let ticks = 0;
  for (const member of tree) {
    const fields = statFields(member);
    if (fields) ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return ticks;
}

function machineBusyTicks(): number | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
    return (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0);
  } catch {
    return null;
  }
}

/** The processes whose CPU time is sampled. */
export interface CpuSubjects {
  /** The process serving the measured route; the processes it started count as its own. */
  serverPid: number;
  loadPid: number | undefined;
  databasePids: readonly number[] | null;
}

export function cpuSnapshot(subjects: CpuSubjects): CpuSnapshot {
  const serverTicks = processTreeTicks(subjects.serverPid);
  const loadTicks = subjects.loadPid === undefined ? null : processTicks(subjects.loadPid);
  let databaseMs: Map<number, number> | null = null;
  if (subjects.databasePids) {
    databaseMs = new Map();
    for (const pid of subjects.databasePids) {
      const ticks = processTicks(pid);
      if (ticks !== null) databaseMs.set(pid, ticks * TICK_MS);
    }
  }
  const busy = machineBusyTicks();
  return {
    atMs: performance.now(),
    serverMs: serverTicks === null ? null : serverTicks * TICK_MS,
    loadMs: loadTicks === null ? null : loadTicks * TICK_MS,
    databaseMs,
    machineBusyMs: busy === null ? null : busy * TICK_MS,
  };
}

function delta(before: number | null, after: number | null): number | null {
  return before === null || after === null ? null : after - before;
}

/**
 * CPU the backends used in the window; one that exited meanwhile (idle, closed by the pool) counts 0,
 * and one sampled only at the end (opened by the pool in the window) counts whole.
 */
function databaseDelta(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (!before || !after) return null;
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

export function cpuUse(before: CpuSnapshot, after: CpuSnapshot): CpuUse {
  const wall = after.atMs - before.atMs;
  const percent = (ms: number | null) => (ms === null ? null : Math.round((ms / wall) * 100));
  const server = delta(before.serverMs, after.serverMs);
  const load = delta(before.loadMs, after.loadMs);
  const database = databaseDelta(before.databaseMs, after.databaseMs);
  const busy = delta(before.machineBusyMs, after.machineBusyMs);
  return {
    server: percent(server),
    loadGenerator: percent(load),
    database: percent(database),
    other:
      busy === null || server === null || load === null
        ? null
        : percent(Math.max(0, busy - server - load - (database ?? 0))),
  };
}

/** How busy the machine is with other work, in percent of one core, sampled over `ms`. */
export async function machineBusyPercent(ms: number): Promise<number | null> {
  const before = machineBusyTicks();
  const started = performance.now();
  await sleep(ms);
  const after = machineBusyTicks();
  if (before === null || after === null) return null;
  return Math.round((((after - before) * TICK_MS) / (performance.now() - started)) * 100);
}

/**
 * Waits, up to `limitMs`, until other work on the machine stays under `thresholdPercent` of one core for
 * two samples of two seconds in a row; answers the last sample and how long it waited.
 */
export async function waitForQuietMachine(
  limitMs: number,
  thresholdPercent = 25,
): Promise<{ busyPercent: number | null; waitedMs: number; quiet: boolean }> {
  const started = performance.now();
  let quietSamples = 0;
  let busyPercent: number | null;
  do {
    busyPercent = await machineBusyPercent(2000);
    if (busyPercent === null) break;
    quietSamples = busyPercent < thresholdPercent ? quietSamples + 1 : 0;
  } while (quietSamples < 2 && performance.now() - started < limitMs);
  return { busyPercent, waitedMs: performance.now() - started, quiet: quietSamples >= 2 };
}

/** CPU time used between two snapshots, in ms: the server's process tree, and the database's backends (null on PGlite). */
export function cpuMsUsed(before: CpuSnapshot, after: CpuSnapshot) {
  return {
    server: delta(before.serverMs, after.serverMs),
    database: databaseDelta(before.databaseMs, after.databaseMs),
  };
}
