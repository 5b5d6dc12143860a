import os from 'node:os';
import { defineConfig } from '@playwright/test';

/**
 * Each worker starts a Trowel server of its own (`tests/fixtures.ts`) on E2E_PORT + 100 × its index, with
 * a fresh database and the demo company; its SMTP relay is that port + 25. A worker with its browser and
 * server keeps about one core busy (it waits on its pages and its server in turn), so there is one worker
 * for every core (E2E_WORKERS overrides).
 */
export default defineConfig({
  testDir: './tests',
  // A limit for a test that hangs, not a speed test: two workers share the cores, and a busy machine slows both.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: Number(process.env.E2E_WORKERS ?? os.availableParallelism()),
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json']],
  use: {
    // Recording a trace of every test costs a fifth of the run's CPU: `--trace retain-on-failure` when needed.
    trace: 'off',
    screenshot: 'only-on-failure',
    // The app stills its animations for people who ask for less motion: no frames drawn while a test waits.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
