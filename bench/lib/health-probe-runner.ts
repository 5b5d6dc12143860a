// The health probe: GET requests on a fixed schedule from a process of its own, timed to the microsecond.
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ProbeJob, ProbeMessage, ProbeRequest, ProbeSummary } from './health-probe-types.ts';

import { latencySummary } from './health-probe-types.ts';

function timedGet(
  url: string,
  agent: http.Agent,
  timeoutMs: number,
): Promise<{ ms: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent, timeout: timeoutMs }, (response) => {
      response.resume();
      response.once('end', () =>
        resolve({ ms: performance.now() - started, status: response.statusCode ?? 0 }),
      );
      response.once('error', reject);
    });
    request.once('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.once('error', reject);
  });
}

/**
 * Sends one request every 1/rate seconds, whether or not earlier ones were answered (at most
 * `connections` in flight; more wait for a free connection, and that wait counts), so a stalled server
 * shows as many slow answers, not as one.
 */
async function probe(request: ProbeRequest): Promise<ProbeSummary> {
  if (new URL(request.url).hostname !== '127.0.0.1') throw new Error(`Refusing to probe ${request.url}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: request.connections });
  const intervalMs = 1000 / request.requestsPerSecond;
  const samples: Array<[number, number]> = [];
  let errors = 0;
  let non2xx = 0;
  let lateSends = 0;
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  const endsAt = started + request.durationSeconds * 1000;
  for (let index = 0; started + index * intervalMs < endsAt; index++) {
    const wait = started + index * intervalMs - performance.now();
    if (wait > 0) await sleep(wait);
    else if (wait < -intervalMs) lateSends++;
    const sentAt = performance.now() - started;
    const sent = timedGet(request.url, agent, request.timeoutMs ?? 10_000).then(
      ({ ms, status }) => {
        if (status < 200 || status > 299) non2xx++;
        else samples.push([Math.round(sentAt * 100) / 100, ms]);
      },
      () => {
        errors++;
      },
    );
    inFlight.add(sent);
    void sent.finally(() => inFlight.delete(sent));
  }
  await Promise.all(inFlight);
  agent.destroy();
  samples.sort((a, b) => a[0] - b[0]);
  return {
    title: request.title,
    requests: samples.length,
    requestsPerSecond: samples.length / ((performance.now() - started) / 1000),
    latencyMs: latencySummary(samples.map(([, ms]) => ms)),
    errors,
    non2xx,
    lateSends,
    samples: samples.map(([at, ms]) => [at, Math.round(ms * 100) / 100]),
  };
}

if (!process.send) throw new Error('health-probe-runner.ts runs as a child process of the benchmark');

process.on('message', (job: ProbeJob) => {
  probe(job.request).then(
    (summary) => process.send?.({ id: job.id, ok: true, summary } satisfies ProbeMessage),
    (error: unknown) =>
      process.send?.({
        id: job.id,
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      } satisfies ProbeMessage),
  );
});
process.on('disconnect', () => process.exit(0));
