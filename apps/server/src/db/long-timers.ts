/** The longest delay Node's timers wait; a longer one runs after 1 ms, with a TimeoutOverflowWarning. */
export const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Marks the installed timer: the same across module instances (test files share a process's globals). */
const WAITS = Symbol.for('trowel.waitLongTimers');

/**
 * Makes a timer set for longer than Node can wait wait the longest it can, instead of running after
 * 1 ms. PGlite's PostgreSQL arms its alarm with `setTimeout` for its nearest timeout; with one 30 days
 * away, Node ran the alarm after 1 ms, PostgreSQL found nothing due and armed it again: a loop on every
 * millisecond, each turn with a warning, for as long as that timeout stayed set. Now the alarm rings
 * after 24.8 days, finds nothing due, and is set again for what remains. Delays Node can wait are
 * passed on as they are. Installed once per process, before the embedded database opens.
 */
export function waitLongTimers(): void {
  const setTimer = globalThis.setTimeout;
  if (WAITS in setTimer) return;
  const waitingTimer = function (this: unknown, handler: unknown, delay?: unknown, ...args: unknown[]) {
    const wait = typeof delay === 'number' && delay > LONGEST_TIMER_MS ? LONGEST_TIMER_MS : delay;
    return Reflect.apply(setTimer, this, [handler, wait, ...args]) as unknown;
  };
  // Keeps what else `setTimeout` carries (its promisified form for util.promisify).
  Object.defineProperties(waitingTimer, Object.getOwnPropertyDescriptors(setTimer));
  Object.defineProperty(waitingTimer, WAITS, { value: true });
  globalThis.setTimeout = waitingTimer as typeof setTimeout;
}
