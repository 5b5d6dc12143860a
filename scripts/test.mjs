// npm test: every test. Unit and API tests (Vitest), then the web build and the browser tests (Playwright).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp/reports');
fs.mkdirSync(reports, { recursive: true });

function run(label, command, args, options = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status === 0;
}

ensureChromium();
const node = process.execPath;
const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);

const unitOk = run('unit and API tests', node, [
  bin('vitest', 'vitest.mjs'),
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(reports, 'vitest.json')}`,
]);
const buildOk = run('web build', node, [bin('vite', 'bin/vite.js'), 'build', '--logLevel', 'warn'], {
  cwd: path.join(root, 'apps/web'),
});
const e2eOk =
  buildOk &&
  run(
    'browser tests',
    node,
    [bin('@playwright/test', 'cli.js'), 'test', '--config', 'e2e/playwright.config.ts'],
    {
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json') },
    },
  );

function counts() {
  let passed = 0;
  let failed = 0;
  try {
    const vitest = JSON.parse(fs.readFileSync(path.join(reports, 'vitest.json'), 'utf8'));
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
  } catch {
    failed += unitOk ? 0 : 1;
  }
  try {
    const playwright = JSON.parse(fs.readFileSync(path.join(reports, 'playwright.json'), 'utf8'));
    passed += playwright.stats.expected;
    failed += playwright.stats.unexpected;
  } catch {
    failed += e2eOk ? 0 : 1;
  }
  return { passed, failed };
}

const { passed, failed } = counts();
const ok = unitOk && buildOk && e2eOk;
console.log(`\n${passed} passed, ${ok ? failed : Math.max(failed, 1)} failed`);
process.exit(ok ? 0 : 1);
