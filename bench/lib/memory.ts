import fs from 'node:fs';

const MB = 2 ** 20;

/** The kernel's high-water mark of this process's resident memory (VmHWM), in MB; null off Linux. */
export function peakRssMb(): number | null {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Restarts the kernel's high-water mark from the current RSS; false where the kernel refuses. */
export function resetPeakRss(): boolean {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

export interface RssSample {
  /** performance.now() */
  atMs: number;
  rssMb: number;
  /** The V8 heap (reserved and in use) and memory outside it (buffers, wasm memory, native). */
  heapTotalMb: number;
  heapUsedMb: number;
  externalMb: number;
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
 * Samples this process's resident set size every `intervalMs` (the timer fires between requests, so
 * under load the spacing stretches; the kernel's high-water mark, `peakRssMb`, catches what falls in between).
 */
export function startRssSampler(intervalMs = 100): RssSampler {
  const taken: RssSample[] = [];
  const sample = () => {
    const usage = process.memoryUsage();
    taken.push({
      atMs: performance.now(),
      rssMb: usage.rss / MB,
      heapTotalMb: usage.heapTotal / MB,
      heapUsedMb: usage.heapUsed / MB,
      externalMb: usage.external / MB,
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
