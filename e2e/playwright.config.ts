import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, '.tmp/e2e-data');

export const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The test SMTP server the settings spec listens on; every email of the e2e server goes there. */
export const SMTP_PORT = PORT + 25;

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // One server process on a 2-core machine: run the browser tests one at a time.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
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
  webServer: {
    command: `rm -rf "${dataDir}" && node scripts/start.mjs`,
    cwd: root,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SKIP_WEB_BUILD: 'true',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    },
  },
});
