// Settings and email benchmark, on PostgreSQL. `npm run bench:settings -w @trowel/bench`
//
// 1. GET /api/notifications/settings and GET /api/admin/settings at 50 connections against a bare
//    Fastify route measured in the same run (as run.ts does).
// 2. 1,000 notifications, each to the same 200 people with email on (200,000 emails): the request
//    p99 of GET /api/health probed at an even 100 requests/s while the mail jobs drain, against the
//    same probe with the server idle, and how fast the emails reach a local SMTP sink.
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { createContext } from '@trowel/server/src/context.ts';
import { MODULES } from '@trowel/server/src/modules.ts';
import { openDatabase } from '@trowel/server/src/db/client.ts';
import { settingsRepository } from '@trowel/server/src/settings/settings.repository.ts';
import { localStorage } from '@trowel/server/src/storage/local-storage.ts';
import { ROLES } from '@trowel/shared/auth/roles.ts';
import { startBareServer } from './lib/bare.ts';
import { cleanUpOnInterrupt, cleanups } from './lib/cleanup.ts';
import { startHealthProber } from './lib/health-probe.ts';
import type { ProbeSummary } from './lib/health-probe-types.ts';
import { startLoadGenerator } from './lib/load.ts';
import {
  BenchError,
  fetchJson,
  loadSettings,
  machineFacts,
  printTargets,
  resultsFile,
  signIn,
  writeResults,
} from './lib/measure.ts';
import { seedUsers, unknownPasswordHash } from './lib/seed.ts';
import { startSmtpSink } from './lib/smtp-sink.ts';
import { endpointOf, measurePlan, type PlanStep } from './lib/plan.ts';
import { benchAdmin, startTrowel } from './lib/trowel.ts';

const SETTINGS = loadSettings({ connections: 50, warmupSeconds: 3, durationSeconds: 10, timeoutSeconds: 30 });
const PEOPLE = 200;
const NOTIFICATIONS = 1000;
const PROBE = { connections: 10, requestsPerSecond: 100 };
const IDLE_SECONDS = 10;
const DRAIN_SECONDS = 30;
const RESULTS_FILE = resultsFile('latest-settings.json');

function assertProbeClean(summary: ProbeSummary) {
  if (summary.errors > 0 || summary.non2xx > 0 || summary.requests === 0)
    throw new BenchError(`${summary.title}: ${summary.errors} errors, ${summary.non2xx} non-2xx`);
}

const withoutSamples = ({ samples: _samples, ...summary }: ProbeSummary) => summary;

async function main() {
  cleanUpOnInterrupt();
  const sink = await startSmtpSink();
  cleanups.add(sink.close);
  const admin = benchAdmin();
  const passwordHash = await unknownPasswordHash();
  const trowel = await startTrowel('postgres', {
    admin,
    env: { SMTP_URL: sink.url },
    async prepare(db) {
      // Everyone but the administrator is one of the 200 (email on: the defaults).
      const seeded = await seedUsers(db, PEOPLE - 1, passwordHash, {
        roles: ROLES.filter((r) => r !== 'vendor'),
      });
      await settingsRepository(db).upsert(
        [
          { key: 'zeptomail_from_email', value: 'bench@trowel.test', encrypted: false, category: 'email' },
          { key: 'zeptomail_from_name', value: 'Trowel Bench', encrypted: false, category: 'email' },
        ],
        null,
      );
      await db.execute(sql`analyze`);
      return seeded;
    },
  });
  const bare = await startBareServer();
  const load = startLoadGenerator();
  const prober = startHealthProber();
  cleanups.add(load.stop);
  cleanups.add(prober.stop);
  try {
    console.log(`Trowel settings benchmark on PostgreSQL; server pid ${trowel.pid}, bare pid ${bare.pid}`);
    const auth = await signIn(trowel.origin, admin);
    const flags = await fetchJson<{ settings: { emailNotifications: boolean } }>(
      `${trowel.origin}/api/notifications/settings`,
      { headers: auth },
    );
    if (!flags.settings.emailNotifications) throw new BenchError('email notifications are off by default');

    // 1. Reads of settings against the bare route.
    const plan: PlanStep[] = [
      { id: 'bare-before', label: 'bare Fastify GET /bare (before)', url: bare.url, pid: bare.pid },
      {
        id: 'notification-settings',
        label: 'GET /api/notifications/settings',
        url: `${trowel.origin}/api/notifications/settings`,
        pid: trowel.pid,
        headers: auth,
      },
      {
        id: 'admin-settings',
        label: 'GET /api/admin/settings',
        url: `${trowel.origin}/api/admin/settings`,
        pid: trowel.pid,
        headers: auth,
      },
      { id: 'bare-after', label: 'bare Fastify GET /bare (after)', url: bare.url, pid: bare.pid },
    ];
    const { endpoints, baseline } = await measurePlan(load, trowel, SETTINGS, plan);

    // 2. Notifications fanned out with email, probed while the mail drains.
    const probe = (title: string, durationSeconds: number) =>
      prober.run({ title, url: `${trowel.origin}/api/health`, ...PROBE, durationSeconds });
    await probe('warm-up', 2);
    const idle = await probe('GET /api/health idle', IDLE_SECONDS);
    assertProbeClean(idle);

    const database = await openDatabase({ databaseUrl: trowel.databaseUrl! });
    const ctx = createContext(trowel.config, database, localStorage(trowel.config.dataDir), MODULES);
    const writeStarted = performance.now();
    for (let index = 0; index < NOTIFICATIONS; index++) {
      await ctx.notifications.create({
        type: 'task',
        title: `Bench notification ${index + 1}`,
        message: 'A task changed on site',
        link: '/projects',
        recipientRoles: ROLES,
      });
    }
    const writeMs = performance.now() - writeStarted;
    await ctx.invalidate({ kind: 'notifications' });
    const [{ jobs = 0 } = {}] = (
      (await database.db.execute(
        sql`select count(*)::int as jobs from jobs where type = 'notification-email'`,
      )) as unknown as { rows: Array<{ jobs: number }> }
    ).rows;
    console.log(
      `wrote ${NOTIFICATIONS} notifications to ${PEOPLE} people (${jobs} email jobs) in ${Math.round(writeMs)} ms`,
    );
    const sentBefore = sink.received();
    const drainStarted = performance.now();
    const draining = await probe('GET /api/health while mail drains', DRAIN_SECONDS);
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    const sent = sink.received() - sentBefore;
    assertProbeClean(draining);
    await database.close();

    const ratio = draining.latencyMs.p99 / idle.latencyMs.p99;
    console.log(
      `health p99 idle ${idle.latencyMs.p99} ms, while mail drains ${draining.latencyMs.p99} ms (${ratio.toFixed(2)}x); ` +
        `${sent} emails reached the sink in ${drainSeconds.toFixed(1)} s (${Math.round(sent / drainSeconds)}/s)`,
    );
    const ofBare = (id: string) => endpointOf(endpoints, id).ratioToBare;
    const targets = [
      {
        target: 'GET /api/notifications/settings >= 40% of bare req/s',
        actual: `${(ofBare('notification-settings') * 100).toFixed(1)}%`,
        pass: ofBare('notification-settings') >= 0.4,
      },
      {
        target: 'GET /api/admin/settings >= 40% of bare req/s',
        actual: `${(ofBare('admin-settings') * 100).toFixed(1)}%`,
        pass: ofBare('admin-settings') >= 0.4,
      },
      {
        target: 'request p99 while mail drains <= 2x idle',
        actual: `${ratio.toFixed(2)}x`,
        pass: ratio <= 2,
      },
    ];
    printTargets('postgres', targets);
    await writeResults(RESULTS_FILE, {
      benchmark: 'settings',
      generatedAt: new Date().toISOString(),
      environment: machineFacts(),
      settings: {
        ...SETTINGS,
        people: PEOPLE,
        notifications: NOTIFICATIONS,
        probe: PROBE,
        drainSeconds: DRAIN_SECONDS,
      },
      ...baseline,
      endpoints,
      fanOut: {
        writeMs,
        emailJobs: jobs,
        idle: withoutSamples(idle),
        draining: withoutSamples(draining),
        emailsSent: sent,
        drainSeconds,
      },
      targets,
    });
    await sleep(100);
  } finally {
    await prober.stop();
    await load.stop();
    await bare.stop();
    await trowel.stop();
    await sink.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    `\nBENCHMARK FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exitCode = 1;
});
