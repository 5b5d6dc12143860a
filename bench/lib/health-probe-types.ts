/** What one probe run asks for and answers, passed between the benchmark and its probe process. */
export interface ProbeRequest {
  title: string;
  url: string;
  /** Requests sent per second, evenly spaced. */
  requestsPerSecond: number;
  /** Most requests in flight at once (keep-alive connections). */
  connections: number;
  durationSeconds: number;
  /** A request unanswered this long counts as an error; 10 s by default. */
  timeoutMs?: number;
}

export interface ProbeSummary {
  title: string;
  /** Answered with 2xx; the latencies are theirs. */
  requests: number;
  requestsPerSecond: number;
  /** Milliseconds from sending to the last byte of the answer, to 0.01 ms. */
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number };
  errors: number;
  non2xx: number;
  /** Sends more than one interval behind schedule: the probe process itself was starved of CPU. */
  lateSends: number;
  /** Each answered request as [ms from the probe's start to its send, latency ms], in send order. */
  samples: Array<[number, number]>;
}

export type ProbeMessage =
  { id: number; ok: true; summary: ProbeSummary } | { id: number; ok: false; error: string };

export interface ProbeJob {
  id: number;
  request: ProbeRequest;
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** Mean, percentiles and maximum of latencies, to 0.01 ms. */
export function latencySummary(latencies: readonly number[]): ProbeSummary['latencyMs'] {
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return {
    mean: round(sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length),
    p50: round(percentile(sorted, 0.5)),
    p90: round(percentile(sorted, 0.9)),
    p99: round(percentile(sorted, 0.99)),
    max: round(sorted.at(-1) ?? Number.NaN),
  };
}
