import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { HEADLESS_SHELL } from './tests/browsers.ts';

// The screens axe passed in this run, shared by its workers (`tests/accessibility.ts`): set once, by the
// runner, before it starts the workers (they inherit it).
if (!process.env.E2E_AXE_PASSED_FILE) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trowel-e2e-'));
  process.env.E2E_AXE_PASSED_FILE = path.join(dir, 'axe-passed.txt');
}

/**
 * Each worker starts a Trowel server of its own (`tests/fixtures.ts`) on E2E_PORT + 100 × its index, with
 * a fresh database and the demo company; its SMTP relay is that port + 25. A worker with its browser and
 * server keeps only about 0.6 of a core busy: its steps run one after another (the runner, the browser,
 * the server), and an assertion that does not hold at once is checked again after growing pauses (up to
 * half a second). So there are two workers for every core (E2E_WORKERS overrides).
 */
export default defineConfig({
  testDir: './tests',
  // A limit for a test that hangs, not a speed test: the workers share the cores, and a busy machine slows them all.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: Number(process.env.E2E_WORKERS ?? 2 * os.availableParallelism()),
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json']],
  use: {
    // Recording a trace of every test costs a fifth of the run's CPU: `--trace retain-on-failure` when needed.
    trace: 'off',
    // No service worker unless a spec asks for one (`test.use({ serviceWorkers: 'allow' })`: the offline,
    // push and first-load specs): installing it precaches the whole app in every new context, a quarter of
    // the browser's CPU in a spec that opens many.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    // The app stills its animations for people who ask for less motion: no frames drawn while a test waits.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: HEADLESS_SHELL,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
