import type { BrowserContext, Locator, Page } from '@playwright/test';

/** What a test does to a screen through a locator: each may change the screen or leave it. */
const LOCATOR_ACTIONS = [
  'check',
  'clear',
  'click',
  'dblclick',
  'dragTo',
  'fill',
  'press',
  'pressSequentially',
  'selectOption',
  'setChecked',
  'setInputFiles',
  'tap',
  'type',
  'uncheck',
] as const;

/** What leaves a page's screen: a navigation, or closing it. */
const PAGE_ACTIONS = ['goto', 'reload', 'goBack', 'goForward', 'close'] as const;

type Method = (...args: unknown[]) => Promise<unknown>;

/**
 * Runs `before(page)` ahead of every action a test takes through a locator (click, fill, …), every
 * navigation, and every page or context it closes, on the pages it starts from; answers the function
 * that takes the hook away. Playwright has no such hook: the methods of its Locator, Page and
 * BrowserContext classes are wrapped for the duration of one test.
 */
export function beforeEveryAction(page: Page, before: (page: Page) => Promise<void>): () => void {
  const restores: Array<() => void> = [];
  function wrap<T>(instance: T, names: readonly string[], pagesOf: (self: T) => Page[]) {
    const prototype = Object.getPrototypeOf(instance) as Record<string, Method>;
    for (const name of names) {
      const original = prototype[name]!;
      prototype[name] = async function (this: T, ...args: unknown[]) {
        for (const shown of pagesOf(this)) await before(shown);
        return original.apply(this, args);
      };
      restores.push(() => {
        prototype[name] = original;
      });
    }
  }
  wrap<Locator>(page.locator('html'), LOCATOR_ACTIONS, (locator) => [locator.page()]);
  wrap<Page>(page, PAGE_ACTIONS, (self) => [self]);
  wrap<BrowserContext>(page.context(), ['close'], (context) => context.pages());
  return () => restores.reverse().forEach((restore) => restore());
}
