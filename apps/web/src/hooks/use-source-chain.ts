import { useEffect, useState } from 'react';
import type { SourceAttempt } from '../lib/file-sources.ts';

export interface SourceChain {
  /** The address to show now; undefined before the first and after the last attempt. */
  source: string | undefined;
  /** Changes with every attempt, so each one gets an element (and a request) of its own. */
  attemptKey: string;
  loaded: boolean;
  /** Every attempt failed or ran out of time. */
  exhausted: boolean;
  onLoad: () => void;
  onError: () => void;
  /** Starts again from the first attempt (Try Again). */
  restart: () => void;
}

/**
 * Tries picture addresses in turn: the next one after an error, or after an attempt's own timeout
 * passes without a load. Nothing is tried (and no time runs) until `active`.
 */
export function useSourceChain(attempts: readonly SourceAttempt[], active = true): SourceChain {
  const [index, setIndex] = useState(0);
  const [round, setRound] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const attempt = active ? attempts[index] : undefined;
  const timeoutMs = attempt?.timeoutMs;

  useEffect(() => {
    if (loaded || timeoutMs === undefined) return;
    const timer = window.setTimeout(() => setIndex((current) => current + 1), timeoutMs);
    return () => window.clearTimeout(timer);
  }, [loaded, index, round, timeoutMs]);

  return {
    source: attempt?.src,
    attemptKey: `${round}:${index}`,
    loaded,
    exhausted: active && index >= attempts.length,
    onLoad: () => setLoaded(true),
    onError: () => {
      setLoaded(false);
      setIndex((current) => current + 1);
    },
    restart: () => {
      setIndex(0);
      setLoaded(false);
      setRound((current) => current + 1);
    },
  };
}
