/** The part of autocannon 7's programmatic API these benchmarks use (the package ships no types). */
declare module 'autocannon' {
  export interface Percentiles {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5?: number;
    p99?: number;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    title?: string;
    /** Requests per second across all connections. */
    overallRate?: number;
    /** Requests each connection sends in turn; `setupRequest` may change each before it goes. */
    requests?: Array<{
      setupRequest?: (
        request: { path: string } & Record<string, unknown>,
      ) => { path: string } & Record<string, unknown>;
    }>;
  }

  export interface Result {
    title?: string;
    url: string;
    connections: number;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Percentiles & { totalCount: number };
    requests: Percentiles & { sent: number };
    throughput: Percentiles;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
