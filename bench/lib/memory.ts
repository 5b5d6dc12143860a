import fs from 'node:fs';

/** What the kernel reports of a process's resident memory (/proc/<pid>/status), in MB. */
export interface ProcessMemory {
  /** VmRSS: resident now. */
  rssMb: number;
  /** VmHWM: the high-water mark of VmRSS since start or since `resetPeakRss`. */
  peakMb: number | null;
  /** RssAnon: anonymous memory (V8 heap, buffers, wasm memory, malloc). */
  anonMb: number | null;
  /** RssFile: mapped files (the node binary, shared libraries). */
  fileMb: number | null;
  /** RssShmem: shared memory. */
  shmemMb: number | null;
}

/** The resident memory of process `pid`; null once it has exited, or off Linux. */
export function processMemory(pid: number): ProcessMemory | null {
  let status: string;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return null;
  }
  const mb = (field: string) => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status);
    return match ? Number(match[1]) / 1024 : null;
  };
  const rssMb = mb('VmRSS');
  if (rssMb === null) return null;
  return {
    rssMb,
    peakMb: mb('VmHWM'),
    anonMb: mb('RssAnon'),
    fileMb: mb('RssFile'),
    shmemMb: mb('RssShmem'),
  };
}

/** The kernel's high-water mark of process `pid`'s resident memory (VmHWM), in MB; null off Linux. */
export function peakRssMb(pid: number): number | null {
  return processMemory(pid)?.peakMb ?? null;
}

/** Restarts the kernel's high-water mark of process `pid` from its current RSS; false where the kernel refuses. */
export function resetPeakRss(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export interface RssSample {
  /** performance.now() */
  atMs: number;
  rssMb: number;
  anonMb: number | null;
  fileMb: number | null;
  shmemMb: number | null;
}

export interface RssSampler {
  /** Highest sampled RSS in MB between two performance.now() times (the whole run by default). */
  max(fromMs?: number, toMs?: number): number;
  /** The sample with the highest RSS in that window. */
  peak(fromMs?: number, toMs?: number): RssSample | null;
  samples(): readonly RssSample[];
  stop(): void;
}

/**
 * Samples the resident set size of process `pid` (the server under test) every `intervalMs` from
 * /proc; the kernel's high-water mark, `peakRssMb`, catches what falls between two samples.
 */
export function startRssSampler(pid: number, intervalMs = 100): RssSampler {
  const taken: RssSample[] = [];
  const sample = () => {
    const memory = processMemory(pid);
    if (!memory) return;
    taken.push({
      atMs: performance.now(),
      rssMb: memory.rssMb,
      anonMb: memory.anonMb,
      fileMb: memory.fileMb,
      shmemMb: memory.shmemMb,
    });
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  const peak = (fromMs = -Infinity, toMs = Infinity) => {
    let highest: RssSample | null = null;
    for (const candidate of taken) {
      if (candidate.atMs < fromMs || candidate.atMs > toMs) continue;
      if (!highest || candidate.rssMb > highest.rssMb) highest = candidate;
    }
    return highest;
  };
  return {
    max: (fromMs, toMs) => peak(fromMs, toMs)?.rssMb ?? 0,
    peak,
    samples: () => taken,
    stop() {
      clearInterval(timer);
      sample();
    },
  };
}
