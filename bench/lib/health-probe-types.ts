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
}

export type ProbeMessage =
  { id: number; ok: true; summary: ProbeSummary } | { id: number; ok: false; error: string };

export interface ProbeJob {
  id: number;
  request: ProbeRequest;
}
