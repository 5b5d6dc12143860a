import type { LoadGenerator } from './load.ts';
import type { LoadRequest } from './load-types.ts';
import {
  baselineLine,
  baselineOf,
  endpointResult,
  endpointTable,
  measure,
  type Baseline,
  type EndpointResult,
  type LoadSettings,
} from './measure.ts';
import type { TrowelUnderTest } from './trowel.ts';

/** One row of a benchmark's plan: a URL loaded at the settings' connections, served by process `pid`. */
export interface PlanStep {
  /** Steps whose id starts with 'bare' are the bare route, whose mean is the baseline. */
  id: string;
  label: string;
  url: string;
  pid: number;
  headers?: Record<string, string>;
  /** Paths to spread the requests over at random instead of the url's own. */
  paths?: string[];
  /** POST one-time tokens instead of GETs. */
  tokenBodies?: LoadRequest['tokenBodies'];
  /** How long the server may take to work off a run's leftovers (heavy answers take long). */
  settleLimitMs?: number;
}

/**
 * Measures every step of a plan in order (a warm-up, then the measured run), printing a line as each
 * ends and the table with the baseline once all have: the endpoints as ratios to the bare route.
 */
export async function measurePlan(
  load: LoadGenerator,
  trowel: TrowelUnderTest,
  settings: LoadSettings,
  plan: readonly PlanStep[],
): Promise<{ endpoints: EndpointResult[]; baseline: Baseline }> {
  const runs = [];
  for (const step of plan) {
    const run = await measure(
      load,
      trowel,
      settings,
      step.label,
      step.url,
      step.headers,
      step.pid,
      step.paths,
      step.tokenBodies,
      step.settleLimitMs,
    );
    console.log(
      `${step.label}: ${Math.round(run.summary.requestsPerSecond)} req/s, p99 ${run.summary.latencyMs.p99} ms`,
    );
    runs.push({ step, run });
  }
  const baseline = baselineOf(
    runs.filter(({ step }) => step.id.startsWith('bare')).map(({ run }) => run.summary.requestsPerSecond),
  );
  const endpoints = runs.map(({ step, run }) => endpointResult(step.id, step.label, run, baseline));
  console.log(endpointTable(endpoints));
  console.log(baselineLine(baseline));
  return { endpoints, baseline };
}

/** The endpoint measured under `id` (a step of the plan). */
export function endpointOf(endpoints: readonly EndpointResult[], id: string): EndpointResult {
  const found = endpoints.find((endpoint) => endpoint.id === id);
  if (!found) throw new Error(`no endpoint measured as ${id}`);
  return found;
}
