// The API process killed (SIGKILL) under write load on PostgreSQL, on a cluster of the test's own:
// every write it answered 2xx is there after the restart, no workflow is half written, and a create
// sent again with its Idempotency-Key is neither lost nor made twice. bench/faults.ts runs it longer.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, type FaultCompany } from './faults/company.ts';
import { serverProcess } from './faults/processes.ts';
import { freePortFrom } from './free-port.ts';
import { checkWrites } from './faults/write-checks.ts';
import { retryUnanswered, startWriteLoad, type WriteKind } from './faults/write-load.ts';
import { canRunOwnPostgres, startPostgresCluster, type PostgresCluster } from './postgres-cluster.ts';

/** Ports from 4640 are this suite's. Runs once, in the embedded-database pass (it brings its own PostgreSQL). */
const DATABASE_PORT = 4646;
const SERVER_PORT = 4649;
const runs = canRunOwnPostgres && !process.env.TEST_DATABASE_URL;
const WRITERS = 24;
/** The load runs at least this long, and until every kind of write has been answered 2xx at least once. */
const LOAD_MS = 1500;
const LOAD_CAP_MS = 30_000;
const KINDS: readonly WriteKind[] = [
  'daily-log',
  'material-request',
  'material-approval',
  'budget',
  'budget-approval',
];

describe.runIf(runs)('the API process killed under write load', () => {
  let cluster: PostgresCluster;
  let databaseUrl: string;
  let server: ReturnType<typeof serverProcess>;
  let company: FaultCompany;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trowel-api-kill-'));

  beforeAll(async () => {
    cluster = await startPostgresCluster(DATABASE_PORT);
    databaseUrl = await cluster.createDatabase('faults');
    const admin = { email: 'fault-admin@trowel.test', password: randomBytes(9).toString('base64url') };
    server = serverProcess(await freePortFrom(SERVER_PORT), {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      APP_SECRET: randomBytes(32).toString('base64url'),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    });
    await server.start();
    company = await makeCompany(server.origin, admin, 2, 3);
  });
  afterAll(async () => {
    await server?.stop();
    cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write, writes no workflow half, and makes no create twice', async () => {
    const runId = `kill-${randomBytes(3).toString('hex')}`;
    const load = startWriteLoad(server.origin, company, { writers: WRITERS, runId });
    await sleep(LOAD_MS);
    // A busy machine answers fewer writes in the same time: wait until each kind has one acknowledged.
    const acknowledged = (kind: WriteKind) =>
      load.ledger.some((write) => write.kind === kind && write.status !== null && write.status < 300);
    const cap = performance.now() + LOAD_CAP_MS;
    while (!KINDS.every(acknowledged) && performance.now() < cap) await sleep(100);
    load.halt();
    await server.kill9();
    await load.settled();
    await server.start();
    await retryUnanswered(server.origin, load.ledger, company);
    const report = await checkWrites(databaseUrl, runId, load.ledger);

    expect(report.lost).toEqual([]);
    expect(report.halfWritten).toEqual([]);
    expect(report.duplicates).toEqual([]);
    for (const figures of Object.values(report.byKind)) expect(figures.acknowledged).toBeGreaterThan(0);
    expect(
      load.ledger.filter((write) => write.status === null).length,
      'requests cut by the kill',
    ).toBeGreaterThan(0);
    // Sent again with its key, a create that never got an answer is made now or refused, never twice.
    // Sent again with its key after the restart, a create cut by the kill is made now, or refused as
    // cut off (it may have been saved) — never answered as still running by a process that is gone.
    expect(report.retries.inProgress, JSON.stringify(report.retries)).toBe(0);
    expect(report.retries.other, JSON.stringify(report.retries)).toBe(0);
  });
});
