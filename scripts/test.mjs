// npm test: every test. Unit and API tests (Vitest) on the embedded database, the API tests again on
// PostgreSQL (a throwaway database on PG_ADMIN_URL's server; TEST_POSTGRES=off skips them) with the web
// build beside them, then the browser tests (Playwright), whose servers keep their data on that PostgreSQL server too
// (a database per worker) when it answered, else in the embedded database.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { databaseFreeServerTests } from './database-free-tests.mjs';
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

const vitest = (label, report, args = [], env = process.env) =>
  run(
    label,
    node,
    [
      bin('vitest', 'vitest.mjs'),
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(reports, report)}`,
    ],
    { env },
  );

/**
 * The web build, run beside the API tests on PostgreSQL (whose tests wait on the database part of the
 * time; none reads the build): its output is shown when it is awaited.
 */
function startWebBuild() {
  const child = spawn(node, [bin('vite', 'bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const done = new Promise((resolve) => {
    child.on('error', (error) => resolve({ ok: false, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
  return async () => {
    console.log('\n=== web build ===');
    const { ok, output: printed } = await done;
    process.stdout.write(printed);
    return ok;
  };
}

const vitestReports = ['vitest.json'];
const pgAdminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
let postgresAnswered = false;
let unitOk = vitest('unit and API tests', 'vitest.json');
const webBuilt = startWebBuild();
if (process.env.TEST_POSTGRES !== 'off') {
  const database = `trowel_test_${Date.now()}_${process.pid}`;
  const manage = (action) =>
    spawnSync(node, [path.join(root, 'scripts/pg-test-db.mjs'), action, database], { stdio: 'inherit' })
      .status === 0;
  if (!manage('create')) {
    console.error(
      'PostgreSQL is needed for the API tests on PostgreSQL (PG_ADMIN_URL, default ' +
        'postgres://postgres@127.0.0.1:5432/test); TEST_POSTGRES=off skips them.',
    );
    unitOk = false;
  } else {
    postgresAnswered = true;
    const adminUrl = new URL(pgAdminUrl);
    adminUrl.pathname = `/${database}`;
    vitestReports.push('vitest-postgres.json');
    const postgresOk = vitest(
      'API tests on PostgreSQL',
      'vitest-postgres.json',
      [
        '--project',
        'server',
        // Its tests wait on PostgreSQL's own processes: one worker more than the cores keeps them busy
        // (on two cores, 133 s against 155 s with two workers and 145 s with four).
        `--maxWorkers=${os.availableParallelism() + 1}`,
        ...databaseFreeServerTests(root).flatMap((file) => ['--exclude', file]),
      ],
      {
        ...process.env,
        TEST_DATABASE_URL: adminUrl.toString(),
      },
    );
    manage('drop');
    unitOk = unitOk && postgresOk;
  }
}
const buildOk = await webBuilt();
const e2eOk =
  buildOk &&
  run(
    'browser tests',
    node,
    [bin('@playwright/test', 'cli.js'), 'test', '--config', 'e2e/playwright.config.ts'],
    {
      env: {
        ...process.env,
        PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json'),
        ...(postgresAnswered ? { E2E_PG_ADMIN_URL: pgAdminUrl } : {}),
      },
    },
  );

function counts() {
  let passed = 0;
  let failed = 0;
  for (const report of vitestReports) {
    try {
      const result = JSON.parse(fs.readFileSync(path.join(reports, report), 'utf8'));
      passed += result.numPassedTests;
      failed += result.numFailedTests;
    } catch {
      failed += unitOk ? 0 : 1;
    }
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
