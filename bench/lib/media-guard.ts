// Media figures are CPU-bound on a machine that other people's work shares: each measurement waits for a
// quiet machine, records the CPU every process used, and is run again when other work took a share of the
// machine meanwhile, so a figure is never one that a neighbour's test run bent.
import { cpuSnapshot, cpuUse, waitForQuietMachine, type CpuSubjects, type CpuUse } from './cpu.ts';

/** CPU over a window, in percent of one core; `other` leaves out this process, whose share is `bench`. */
export interface CpuShare extends CpuUse {
  /** This process: uploads and polling, or the raw sharp runs. */
  bench: number;
}

export interface CpuWindow {
  stop(): CpuShare;
}

export function startCpuWindow(subjects: CpuSubjects): CpuWindow {
  const before = cpuSnapshot(subjects);
  const selfBefore = process.cpuUsage();
  const started = performance.now();
  return {
    stop() {
      const use = cpuUse(before, cpuSnapshot(subjects));
      const self = process.cpuUsage(selfBefore);
      const bench = Math.round(((self.user + self.system) / 1000 / (performance.now() - started)) * 100);
      return { ...use, bench, other: use.other === null ? null : Math.max(0, use.other - bench) };
    },
  };
}

export interface GuardSettings {
  /** Longest wait for a quiet machine before each attempt. */
  quietWaitMs: number;
  /** Attempts before the figure is kept and marked noisy. */
  attempts: number;
  /** Other work above this (percent of one core, averaged over the measurement) makes it noisy. */
  otherLimitPercent: number;
}

export interface Guarded<T> {
  result: T;
  cpu: CpuShare;
  /** Other work just before the attempt that was kept, percent of one core. */
  busyBeforePercent: number | null;
  attempts: number;
  /** Every attempt saw other work above the limit: the figure is shown but not to be trusted. */
  noisy: boolean;
}

/**
 * Waits for a quiet machine, then runs `measurement`; if other work used more than the limit meanwhile,
 * waits and runs it again, up to `attempts` times.
 */
export async function measureQuietly<T>(
  label: string,
  settings: GuardSettings,
  measurement: () => Promise<{ result: T; cpu: CpuShare }>,
): Promise<Guarded<T>> {
  let last: Guarded<T> | null = null;
  for (let attempt = 1; attempt <= settings.attempts; attempt++) {
    const calm = await waitForQuietMachine(settings.quietWaitMs);
    if (!calm.quiet) {
      console.log(
        `  ${label}: the machine is still busy (${calm.busyPercent ?? '?'}% of one core) after waiting ` +
          `${Math.round(calm.waitedMs / 1000)} s; measuring anyway`,
      );
    }
    const { result, cpu } = await measurement();
    last = { result, cpu, busyBeforePercent: calm.busyPercent, attempts: attempt, noisy: false };
    if (cpu.other !== null && cpu.other <= settings.otherLimitPercent) return last;
    console.log(
      `  ${label}: other work used ${cpu.other ?? '?'}% of one core during attempt ${attempt} ` +
        `(limit ${settings.otherLimitPercent}%)` +
        (attempt < settings.attempts ? '; waiting to measure again' : '; keeping it, marked noisy'),
    );
  }
  return { ...last!, noisy: true };
}
