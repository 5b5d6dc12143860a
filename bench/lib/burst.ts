// Many requests sent at once, each timed from when it is sent to when its answer has been read.
//
// node:http with a keep-alive agent, not fetch: on a 2-core machine the client shares the cores with
// the server and the database, and fetch spent some 250 ms of CPU on 200 calls (node:http some 40 ms),
// which the server's latencies would carry. The connections are opened first, as a browser holds its
// own open, so a burst measures the requests and not 200 TCP handshakes.
import http from 'node:http';

export interface BurstRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface BurstOutcome {
  status: number;
  ms: number;
}

export interface BurstClient {
  /** Opens `count` connections (one GET /api/health each, all at once) and keeps them. */
  warm(count: number): Promise<void>;
  /** Sends every request at once; answers in the same order. */
  send(requests: readonly BurstRequest[]): Promise<BurstOutcome[]>;
  close(): void;
}

export function burstClient(origin: string): BurstClient {
  const url = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

  const one = (request: BurstRequest) =>
    new Promise<BurstOutcome>((resolve, reject) => {
      const started = performance.now();
      const headers: Record<string, string> = { 'accept-encoding': 'br, gzip', ...request.headers };
      if (request.body !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(request.body));
      }
      const sent = http.request(
        { host: url.hostname, port: url.port, path: request.path, method: request.method, agent, headers },
        (response) => {
          response.resume();
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
          );
          response.on('error', reject);
        },
      );
      sent.on('error', reject);
      sent.end(request.body);
    });

  return {
    async warm(count) {
      await Promise.all(Array.from({ length: count }, () => one({ method: 'GET', path: '/api/health' })));
    },
    send: (requests) => Promise.all(requests.map(one)),
    close: () => agent.destroy(),
  };
}
