import { test as base, expect, type Browser, type BrowserContext } from '@playwright/test';
import { AccessibilityWatch } from './accessibility.ts';
import { beforeEveryAction } from './before-actions.ts';
import { checkWidths, watchWidths, type Overflow } from './phone-width.ts';
import { startTrowelServer, type TrowelServer } from './trowel-server.ts';

export { expect };

/**
 * The browser tests' `test`: each worker runs its own Trowel server (its own port, data directory and
 * SMTP address), and every screen any test opens (in its own contexts too) is checked:
 * - at phone width, it must fit: a page wider than its viewport fails the test, naming the screen and
 *   what sticks out;
 * - at every width, against axe-core's WCAG 2.1 A and AA rules (`accessibility.ts`), each screen once
 *   per test (its path, width, appearance, open dialog and viewer), and not again in the same worker once
 *   it passed: right before the test first acts on it
 *   (a click, a fill, a navigation), and when the test ends; a violation fails the test.
 *   `accessibility.check(page)` checks the screen shown now, at a chosen checkpoint (what a test only
 *   looks at, or reaches by the keyboard).
 * The contexts a test makes are closed when it ends.
 */
export const test = base.extend<
  { accessibility: AccessibilityWatch; screenChecks: void },
  { trowel: TrowelServer }
>({
  trowel: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const basePort = Number(process.env.E2E_PORT ?? 3100);
      // Each worker's ports lie 100 apart: its server's, its SMTP sink's (+25) and its fake WhatsApp's (+26).
      const server = await startTrowelServer(basePort + 100 * workerInfo.parallelIndex);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ trowel }, use) => {
    await use(trowel.url);
  },
  accessibility: async ({ trowel }, use) => {
    await use(new AccessibilityWatch(new URL(trowel.url).origin));
  },
  screenChecks: [
    async ({ browser, context, page, accessibility }, use) => {
      const overflows: Overflow[] = [];
      const watched = new Set<BrowserContext>([context]);
      const created = new Set<BrowserContext>();
      const watch = (made: BrowserContext) => watchWidths(made, overflows);
      await watch(context);
      const unhook = beforeEveryAction(page, (shown) => accessibility.beforeAction(shown));
      const patched = browser as Browser & { newContext: Browser['newContext'] };
      const newContext = patched.newContext;
      patched.newContext = async (options) => {
        const made = await newContext.call(browser, options);
        watched.add(made);
        created.add(made);
        await watch(made);
        return made;
      };
      try {
        await use();
        await checkWidths(watched, overflows);
        await accessibility.finish(watched);
      } finally {
        unhook();
        patched.newContext = newContext;
        // A context a test made and left open would go on polling and drawing through every later test.
        await Promise.all([...created].map((made) => made.close().catch(() => undefined)));
      }
      expect(overflows, 'screens wider than the phone they are shown on').toEqual([]);
      expect(accessibility.violations, 'WCAG 2.1 A/AA violations found by axe-core').toEqual([]);
    },
    { auto: true },
  ],
});
