/** What one load run asks for and what it answers, passed between the benchmark and its load process. */
export interface LoadRequest {
  title: string;
  url: string;
  connections: number;
  durationSeconds: number;
  /** A request not answered within this many seconds counts as a timeout (10 by default). */
  timeoutSeconds?: number;
  headers?: Record<string, string>;
  /** Requests per second across all connections; unset = as fast as the server answers. */
  overallRate?: number;
  /** Each request goes to one of these paths (under the url's origin), picked at random. */
  paths?: string[];
  /**
   * POST each request with a JSON body `{ token }` of its own: `prefix` then a sequence number padded
   * to `width` digits, counted on across runs so no token is sent twice (one-time tokens).
   */
  tokenBodies?: { prefix: string; width: number };
}

export interface LoadSummary {
  title: string;
  durationSeconds: number;
  requestsPerSecond: number;
  totalRequests: number;
  latencyMs: { mean: number; p50: number; p99: number; p99Source: 'p99' | 'p97_5'; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  resets: number;
  statusCodes: Record<string, number>;
}

export type LoadMessage =
  { id: number; ok: true; summary: LoadSummary } | { id: number; ok: false; error: string };

export interface LoadJob {
  id: number;
  request: LoadRequest;
}
