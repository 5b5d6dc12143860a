import { describe, expect, it } from 'vitest';
import { JobSignal } from './job-signal.ts';

describe('the job signal', () => {
  it('wakes every listening worker, and none once it stopped listening', () => {
    const signal = new JobSignal();
    const woken: string[] = [];
    const stopFirst = signal.listen(() => woken.push('first'));
    signal.listen(() => woken.push('second'));
    signal.wake();
    stopFirst();
    signal.wake();
    expect(woken).toEqual(['first', 'second', 'second']);
  });
});
