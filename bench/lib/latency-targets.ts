import type { TargetResult } from './measure.ts';

/**
 * The bare route on the machine the latency targets were set on: 20,901 req/s at 50 connections (2 cores,
 * PostgreSQL 15; the run recorded in issue 30).
 */
export const REFERENCE_BARE_REQUESTS_PER_SECOND = 20_901;

/** What a latency is compared with: the bare route's rate in the same run, and the requests in flight. */
export interface BareRate {
  requestsPerSecond: number;
  /** Requests in flight at once: the load's connections, or a burst's size. */
  inFlight: number;
}

/**
 * The time a bare request takes with `inFlight` requests in flight, by Little's law: in flight ÷ rate.
 * At 50 connections and 20,901 req/s, 2.4 ms.
 */
export function bareRequestMs(requestsPerSecond: number, inFlight: number): number {
  return (inFlight * 1000) / requestsPerSecond;
}

type RatioTarget = TargetResult & { ratio: number; ratioLimit: number };

/** What a latency is read against in the same run, and that on the run its limit was set on. */
interface Baseline {
  ms: number;
  referenceMs: number;
  /** What the baseline is, as the target names it ("a bare request's time"). */
  name: string;
  /** The same, short, before its figure ("a bare request"). */
  short: string;
  context: string;
}

/**
 * A latency against its absolute limit and, beside it, as a multiple of a baseline in the same run (a bare
 * request's time), whose limit is the absolute limit over the baseline on the reference machine.
 */
function targetWithRatio(
  what: string,
  statistic: string,
  measuredMs: number,
  limitMs: number,
  baseline: Baseline,
): RatioTarget {
  const ratioLimit = limitMs / baseline.referenceMs;
  const ratio = measuredMs / baseline.ms;
  return {
    target: `${what}: ${statistic} < ${limitMs} ms and < ${ratioLimit.toFixed(1)} x ${baseline.name}`,
    actual:
      `${Number(measuredMs.toFixed(1))} ms, ${ratio.toFixed(1)} x ` +
      `(${baseline.short}: ${baseline.ms.toFixed(2)} ms${baseline.context})`,
    pass: measuredMs < limitMs && ratio < ratioLimit,
    ratio,
    ratioLimit,
  };
}

/**
 * A latency target with its ratio beside it. Absolute latencies swing threefold between runs on these
 * shared machines, so a latency is also read as a multiple of the time a bare request takes in the same
 * run with as many requests in flight; its limit is the absolute limit's multiple on the reference
 * machine. Both are printed, and the target is met when both hold.
 */
export function latencyTarget(
  what: string,
  measuredMs: number,
  limitMs: number,
  bare: BareRate,
  statistic = 'p99',
): RatioTarget {
  return targetWithRatio(what, statistic, measuredMs, limitMs, {
    ms: bareRequestMs(bare.requestsPerSecond, bare.inFlight),
    referenceMs: bareRequestMs(REFERENCE_BARE_REQUESTS_PER_SECOND, bare.inFlight),
    name: "a bare request's time",
    short: 'a bare request',
    context: ` with ${bare.inFlight} in flight`,
  });
}

/**
 * A bare request's median, one request at a time (fetch on a kept-alive connection), on the machines the
 * one-at-a-time targets were set on: 0.79–0.97 ms in the costs benchmark's runs of 27 November (2 cores).
 */
export const REFERENCE_BARE_MEDIAN_MS = 1;

/**
 * A latency target for work measured one request (or one computation) at a time, with its ratio beside
 * it: the latency over the median of a bare request timed the same way in the same run, whose limit is
 * the absolute limit over REFERENCE_BARE_MEDIAN_MS. Both are printed, and the target is met when both hold.
 */
export function oneAtATimeTarget(
  what: string,
  measuredMs: number,
  limitMs: number,
  bareMedianMs: number,
  statistic = 'p99',
): RatioTarget {
  return targetWithRatio(what, statistic, measuredMs, limitMs, {
    ms: bareMedianMs,
    referenceMs: REFERENCE_BARE_MEDIAN_MS,
    name: "a bare request's median",
    short: 'a bare request',
    context: '',
  });
}

/**
 * A latency target with its ratio to a baseline of the same work timed in the same run (pushes sent
 * straight, say, for a queue's lag): the limit of the ratio is the absolute limit over that baseline on
 * the run the target was set on (`referenceMs`). Both are printed, and the target is met when both hold.
 */
export function baselineTarget(
  what: string,
  statistic: string,
  measuredMs: number,
  limitMs: number,
  baseline: { ms: number; referenceMs: number; name: string },
): RatioTarget {
  return targetWithRatio(what, statistic, measuredMs, limitMs, {
    ...baseline,
    short: baseline.name,
    context: '',
  });
}
