import fs from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import type { Result } from 'axe-core';
import { allowedNodes } from './accessibility-allow-list.ts';

/** The rules checked: axe-core's WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core, loaded into a document once: @axe-core/playwright evaluates the whole source before every
 * run, which costs more than the run itself when a test checks several screens of one document.
 */
const AXE_ONCE = `if (!window.axe) { ${fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')} }`;

/** Nothing to load where every frame of the page has axe already; else axe, loaded where it is missing. */
async function axeSourceFor(page: Page): Promise<string> {
  const loaded = await Promise.all(
    page.frames().map((frame) => frame.evaluate(() => 'axe' in window).catch(() => false)),
  );
  return loaded.every(Boolean) ? ';' : AXE_ONCE;
}

/** What Playwright answers when a page navigates or closes under an evaluation. */
const LEFT_THE_SCREEN =
  /Execution context was destroyed|Target page, context or browser has been closed|frame was detached|navigat/i;

/** A rule a screen broke: the screen, the rule, and where (at most five elements with what failed). */
export interface ScreenViolation {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/**
 * The screen a page shows, in the page: its path with each record's id as `:id` (every project's page is
 * one screen), the window's width, the dark appearance and the dialog open on it (a dialog is a screen of
 * its own); null for what is not the app (a JSON answer, another site a link opened).
 */
function screenOf(appOrigin: string): string | null {
  if (location.origin !== appOrigin || location.pathname.startsWith('/api/')) return null;
  const dialog = document.querySelector('[role="dialog"], [role="alertdialog"]');
  let title = '';
  if (dialog) {
    const labelledBy = dialog.getAttribute('aria-labelledby');
    const named = labelledBy
      ? labelledBy
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
      : dialog.getAttribute('aria-label');
    title = ` (dialog "${(named ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)}")`;
  }
  const dark = document.documentElement.classList.contains('dark') ? ' dark' : '';
  // Who is looking: the user menu names the person and their role (a role's screens differ).
  const menu = Array.prototype.slice
    .call(document.querySelectorAll('button'))
    .find((button: Element) => (button.getAttribute('aria-label') ?? '').includes('User menu'));
  const viewer = menu ? ` as ${menu.getAttribute('aria-label')}` : '';
  const route = location.pathname
    .split('/')
    .map((part) =>
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$|^\d+$/i.test(part) ? ':id' : part,
    )
    .join('/');
  return `${route} at ${window.innerWidth}px${dark}${title}${viewer}`;
}

function describeViolation(screen: string, violation: Result): ScreenViolation | null {
  const nodes = violation.nodes.filter((node) => !allowedNodes(violation.id, node));
  if (nodes.length === 0) return null;
  return {
    screen,
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    nodes: nodes.slice(0, 5).map((node) => {
      const why = (node.failureSummary ?? '').split('\n').slice(1).join(' ').trim();
      return `${node.target.join(' ')}: ${why}`;
    }),
  };
}

/**
 * The screens earlier tests of this run checked without a finding, in any worker: a screen (route, width,
 * appearance, dialog and who looks) is checked once per run, which keeps the suite within its time. The
 * workers share them through a file the configuration names (one line a screen); without it, per worker.
 */
const passedFile = process.env.E2E_AXE_PASSED_FILE;
const passedInThisRun = {
  seen: new Set<string>(),
  has(screen: string) {
    if (this.seen.has(screen)) return true;
    if (!passedFile) return false;
    const lines = fs.existsSync(passedFile) ? fs.readFileSync(passedFile, 'utf8').split('\n') : [];
    for (const line of lines) if (line) this.seen.add(line);
    return this.seen.has(screen);
  },
  add(screen: string) {
    this.seen.add(screen);
    if (passedFile) fs.appendFileSync(passedFile, `${screen.replaceAll('\n', ' ')}\n`);
  },
};

/**
 * Checks the screens a test's pages show with axe-core, each (path, width, appearance, dialog, viewer)
 * once per test and not again after it passed in an earlier test of the run: right before the test first acts on it (the fixture calls `beforeAction`), at chosen
 * checkpoints (`check`) and, for the screens still open, when the test ends (`finish`). What is found
 * stays in `violations`, the allow-list's elements left out.
 */
export class AccessibilityWatch {
  readonly violations: ScreenViolation[] = [];
  private readonly checked = new Set<string>();

  /** `appOrigin`: the Trowel server's; pages of other sites are not checked. */
  constructor(private readonly appOrigin: string) {}

  /** Each page's check under way: axe runs once at a time in a document. */
  private readonly running = new WeakMap<Page, Promise<void>>();

  /**
   * Checks the screen the page shows now, unless it was checked in this test; after the check of the
   * same page under way, if any (two actions a test starts together each ask for one).
   */
  check(page: Page): Promise<void> {
    const next = (this.running.get(page) ?? Promise.resolve()).then(() => this.checkNow(page));
    this.running.set(page, next);
    return next;
  }

  private async checkNow(page: Page) {
    if (page.isClosed()) return;
    const screen = await page.evaluate(screenOf, this.appOrigin).catch(() => null);
    if (!screen || this.checked.has(screen) || passedInThisRun.has(screen)) return;
    this.checked.add(screen);
    const found = this.violations.length;
    if ((await this.analyze(page, screen)) && this.violations.length === found) passedInThisRun.add(screen);
  }

  /** Before a click, a key, a fill or a navigation: the screen it starts from is checked first. */
  beforeAction(page: Page) {
    return this.check(page);
  }

  /** Checks the screens still open when the test ends. */
  async finish(contexts: Iterable<BrowserContext>) {
    for (const context of contexts) {
      for (const page of context.pages()) await this.check(page);
    }
  }

  /** Whether axe ran to the end on the screen. */
  private async analyze(page: Page, screen: string): Promise<boolean> {
    try {
      // Legacy mode runs axe in the page itself; the default opens a blank page of its own to finish,
      // which a test waiting for a new tab would take for the one it opened. Passes are not sent back.
      const results = await new AxeBuilder({ page, axeSource: await axeSourceFor(page) })
        // `options` first: it replaces what `withTags` sets.
        .options({ resultTypes: ['violations'] })
        .withTags(WCAG_21_AA)
        .setLegacyMode()
        .analyze();
      for (const violation of results.violations) {
        const found = describeViolation(screen, violation);
        if (found) this.violations.push(found);
      }
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // The page left the screen (or closed) while it was checked: check it when it is shown again.
      if (LEFT_THE_SCREEN.test(message)) this.checked.delete(screen);
      else
        this.violations.push({ screen, rule: 'axe-run-failed', impact: 'unknown', help: message, nodes: [] });
      return false;
    }
  }
}
