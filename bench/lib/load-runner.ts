// The load generator: runs in a process of its own so it does not share the servers' event loop.
import autocannon from 'autocannon';
import type { LoadJob, LoadMessage, LoadRequest, LoadSummary } from './load-types.ts';

function assertLoopback(url: string) {
  const { hostname } = new URL(url);
  if (hostname !== '127.0.0.1') throw new Error(`Refusing to load ${url}: only 127.0.0.1 is a target`);
}

/** Sends each request to a path picked at random, so that no two connections walk the same sequence. */
function randomPath(paths: readonly string[]) {
  return (request: { path: string }) => ({
    ...request,
    path: paths[Math.floor(Math.random() * paths.length)]!,
  });
}

const nextToken = new Map<string, number>();

/** POSTs `{ token }` with the next unused token of the sequence. */
function tokenBody({ prefix, width }: { prefix: string; width: number }) {
  return (request: { path: string } & Record<string, unknown>) => {
    const number = nextToken.get(prefix) ?? 0;
    nextToken.set(prefix, number + 1);
    return {
      ...request,
      method: 'POST',
      headers: { ...(request.headers as Record<string, string>), 'content-type': 'application/json' },
      body: JSON.stringify({ token: `${prefix}${String(number).padStart(width, '0')}` }),
    };
  };
}

async function runOnce(request: LoadRequest): Promise<LoadSummary> {
  assertLoopback(request.url);
  const result = await autocannon({
    title: request.title,
    url: request.url,
    connections: request.connections,
    duration: request.durationSeconds,
    pipelining: 1,
    timeout: request.timeoutSeconds ?? 10,
    ...(request.headers ? { headers: request.headers } : {}),
    ...(request.overallRate ? { overallRate: request.overallRate } : {}),
    ...(request.paths ? { requests: [{ setupRequest: randomPath(request.paths) }] } : {}),
    ...(request.tokenBodies ? { requests: [{ setupRequest: tokenBody(request.tokenBodies) }] } : {}),
  });
  const p99 = result.latency.p99 ?? result.latency.p97_5;
  if (p99 === undefined) throw new Error('autocannon reported neither p99 nor p97_5');
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]),
  );
  return {
    title: request.title,
    durationSeconds: result.duration,
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    latencyMs: {
      mean: result.latency.mean,
      p50: result.latency.p50,
      p99,
      p99Source: result.latency.p99 === undefined ? 'p97_5' : 'p99',
      max: result.latency.max,
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    resets: result.resets,
    statusCodes,
  };
}

function send(message: LoadMessage) {
  process.send?.(message);
}

if (!process.send) throw new Error('load-runner.ts runs as a child process of the benchmark');

process.on('message', (job: LoadJob) => {
  runOnce(job.request).then(
    (summary) => send({ id: job.id, ok: true, summary }),
    (error: unknown) =>
      send({ id: job.id, ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
