// One Lighthouse run (performance only) of one page in a fresh Chromium, mobile or desktop profile.
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';

export type Profile = 'mobile' | 'desktop';

const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Where the web app keeps the session token (apps/web/src/lib/api-client.ts, TOKEN_STORAGE_KEY). */
const TOKEN_STORAGE_KEY = 'trowel.token';

/** What the page's script sees (bench compiles without the DOM library). */
interface BrowserGlobals {
  localStorage: { setItem(key: string, value: string): void };
}

export interface TransferredResource {
  url: string;
  transferBytes: number;
  resourceBytes: number;
}

export interface LighthouseFigures {
  /** Where the page ended up (a lost session would end on /login). */
  finalUrl: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  transferredBytes: number;
  /** The element the LCP was measured on (its text or HTML opening). */
  lcpElement: string | null;
  /** Main-thread tasks over 50 ms as observed (before Lighthouse's CPU slowdown), in start order. */
  longTasks: Array<{ url: string; startMs: number; durationMs: number }>;
  /** Main-thread time by script (bootup-time), the heaviest first. */
  scriptMs: Array<{ url: string; totalMs: number; scriptingMs: number }>;
  resources: TransferredResource[];
}

interface AuditDetails {
  items?: Array<Record<string, unknown>>;
}

function numericAudit(lhr: { audits: Record<string, { numericValue?: number }> }, id: string): number {
  const value = lhr.audits[id]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse gave no value for ${id}`);
  return value;
}

function detailItems(lhr: { audits: Record<string, { details?: unknown }> }, id: string) {
  return ((lhr.audits[id]?.details as AuditDetails | undefined)?.items ?? []) as Array<
    Record<string, unknown>
  >;
}

/** The LCP element's label, from the LCP breakdown insight (its last item names the node). */
function lcpElementOf(items: Array<Record<string, unknown>>): string | null {
  const node = items.find((item) => item.type === 'node') as
    { nodeLabel?: string; snippet?: string } | undefined;
  return node?.nodeLabel ?? node?.snippet ?? null;
}

/**
 * Runs Lighthouse against `url` in a Chromium of its own (empty cache). With a `token`, the page is
 * signed in: the token is stored for the origin first, from a JSON answer that loads no asset.
 */
export async function runLighthouse(
  url: string,
  profile: Profile,
  token: string | null,
): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
    const page = (await browser.pages())[0] ?? (await browser.newPage());
    if (token) {
      await page.goto(new URL('/api/health', url).href);
      await page.evaluate(
        (key, value) => (globalThis as unknown as BrowserGlobals).localStorage.setItem(key, value),
        TOKEN_STORAGE_KEY,
        token,
      );
    }
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // Keeps the stored session; the profile is new, so the cache is empty all the same.
        disableStorageReset: true,
      },
      profile === 'desktop' ? desktopConfig : undefined,
      page,
    );
    await browser.disconnect();
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    // BENCH_LIGHTHOUSE_REPORTS=<dir> keeps each run's full report, to read its diagnostics.
    const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
    if (reports) {
      fs.mkdirSync(reports, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${profile}-${Date.now()}.json`;
      fs.writeFileSync(path.join(reports, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return {
      finalUrl: lhr.finalDisplayedUrl,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: numericAudit(lhr, 'largest-contentful-paint'),
      tbtMs: numericAudit(lhr, 'total-blocking-time'),
      fcpMs: numericAudit(lhr, 'first-contentful-paint'),
      transferredBytes: numericAudit(lhr, 'total-byte-weight'),
      lcpElement: lcpElementOf(detailItems(lhr, 'lcp-breakdown-insight')),
      longTasks: detailItems(lhr, 'long-tasks').map((item) => ({
        url: String(item.url),
        startMs: Math.round(Number(item.startTime)),
        durationMs: Math.round(Number(item.duration)),
      })),
      scriptMs: detailItems(lhr, 'bootup-time').map((item) => ({
        url: String(item.url),
        totalMs: Math.round(Number(item.total)),
        scriptingMs: Math.round(Number(item.scripting)),
      })),
      resources: detailItems(lhr, 'network-requests').map((item) => ({
        url: String(item.url),
        transferBytes: Number(item.transferSize ?? 0),
        resourceBytes: Number(item.resourceSize ?? 0),
      })),
    };
  } finally {
    chrome.kill();
  }
}
