import type { BrowserContext } from '@playwright/test';

/** Screens at most this wide are phones: nothing on them may be wider than the screen. */
const PHONE_MAX_WIDTH = 400;

/** A screen that was wider than a phone's viewport: where, how wide, and the outermost elements sticking out. */
export interface Overflow {
  path: string;
  viewportWidth: number;
  scrollWidth: number;
  culprits: string[];
}

declare global {
  interface Window {
    __trowelReportOverflow?: (overflow: Overflow) => Promise<void>;
    __trowelCheckWidth?: () => Overflow | null;
  }
}

/**
 * Runs in every document the tests open: once the page has been still for 300 ms (no DOM change, no
 * resize), a phone-wide page whose content is wider than the viewport is reported with what sticks out.
 */
function watchWidth(phoneMaxWidth: number) {
  if (window.__trowelCheckWidth) return;
  const describe = (element: Element) => {
    const classes = typeof element.className === 'string' ? element.className.trim().split(/\s+/) : [];
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
    const right = Math.round(element.getBoundingClientRect().right);
    return `<${element.tagName.toLowerCase()}${classes.length ? ` class="${classes.slice(0, 6).join(' ')}"` : ''}> right edge ${right}px "${text}"`;
  };
  const check = (): ReturnType<NonNullable<Window['__trowelCheckWidth']>> => {
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (width > phoneMaxWidth || scrollWidth <= width) return null;
    const culprits: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (element.getBoundingClientRect().right <= width + 1) continue;
      const parent = element.parentElement;
      if (parent && parent !== document.body && parent.getBoundingClientRect().right > width + 1) continue;
      culprits.push(describe(element));
      if (culprits.length === 5) break;
    }
    return { path: location.pathname + location.search, viewportWidth: width, scrollWidth, culprits };
  };
  window.__trowelCheckWidth = check;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const overflow = check();
      if (overflow) void window.__trowelReportOverflow?.(overflow);
    }, 300);
  };
  const start = () => {
    new MutationObserver(schedule).observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    window.addEventListener('resize', schedule);
    schedule();
  };
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}

/** Reports every phone-wide page of the context that is wider than its screen into `found`. */
export async function watchWidths(context: BrowserContext, found: Overflow[]) {
  await context.exposeFunction('__trowelReportOverflow', (overflow: Overflow) => {
    if (!found.some((seen) => seen.path === overflow.path)) found.push(overflow);
  });
  await context.addInitScript(watchWidth, PHONE_MAX_WIDTH);
}

/** Checks the pages still open (their last screen may have changed within the last 300 ms). */
export async function checkWidths(contexts: Iterable<BrowserContext>, found: Overflow[]) {
  for (const context of contexts) {
    for (const page of context.pages()) {
      if (page.isClosed()) continue;
      const overflow = await page.evaluate(() => window.__trowelCheckWidth?.() ?? null).catch(() => null);
      if (overflow && !found.some((seen) => seen.path === overflow.path)) found.push(overflow);
    }
  }
}
