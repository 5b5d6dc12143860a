import { promisify } from 'node:util';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LONGEST_TIMER_MS, waitLongTimers } from './long-timers.ts';

const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);

beforeAll(() => {
  waitLongTimers();
  process.on('warning', onWarning);
  return () => void process.off('warning', onWarning);
});
afterEach(() => {
  warnings.length = 0;
});

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a timer set for longer than Node can wait', () => {
  it('waits instead of running at once, warns of nothing and can be cleared', async () => {
    let ran = 0;
    const far = setTimeout(() => ran++, 30 * 24 * 3600 * 1000);
    const farther = setTimeout(() => ran++, LONGEST_TIMER_MS + 1);
    await tick(40);
    expect(ran).toBe(0);
    expect(warnings.map((warning) => warning.name)).not.toContain('TimeoutOverflowWarning');
    clearTimeout(far);
    clearTimeout(farther);
  });

  it('leaves every other timer as it was: short ones run, with their arguments, and promisify works', async () => {
    const given = await new Promise((resolve) => setTimeout((value: string) => resolve(value), 5, 'ran'));
    expect(given).toBe('ran');
    expect(await promisify(setTimeout)(5, 'promised')).toBe('promised');
    const cleared = setTimeout(() => {
      throw new Error('a cleared timer ran');
    }, 5);
    clearTimeout(cleared);
    await tick(20);
  });
});

describe('installing it again', () => {
  it('keeps the one timer installed', () => {
    const installed = globalThis.setTimeout;
    waitLongTimers();
    expect(globalThis.setTimeout).toBe(installed);
  });
});
