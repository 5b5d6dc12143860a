// The pieces of the Web Push burst benchmark (bench/push.ts): subscribed people seeded through the
// server's own repositories, the push jobs followed in the database, and the baseline: the same
// pushes sent straight to the receiver from a process of its own.
import { fork } from 'node:child_process';
import { sql } from 'drizzle-orm';
import type { Db } from '@trowel/server/src/db/client.ts';
import { queryRows } from '@trowel/server/src/db/raw.ts';
import { pushPayloadOf } from '@trowel/server/src/modules/push/push-job.ts';
import { pushSubscriptionsRepository } from '@trowel/server/src/modules/push/push-subscriptions.repository.ts';
import type { VapidDetails } from '@trowel/server/src/modules/push/vapid-keys.ts';
import { NOTIFICATION_PUSH_JOB, PUSH_COLLAPSE_SECONDS } from '@trowel/server/src/notices/push-jobs.ts';
import { preferencesRepository } from '@trowel/server/src/preferences/preferences.repository.ts';
import type { PushReceiver, TestDevice } from '@trowel/server/test/push-receiver.ts';
import type { NotificationType } from '@trowel/shared/notifications/notification.schemas.ts';
import { BenchError } from './measure.ts';
import type { StraightAnswer, StraightRequest } from './push-straight-runner.ts';

/** Everyone in the database gets push on and email off, and one device at the receiver. */
export async function subscribeEveryone(db: Db, receiver: PushReceiver) {
  const people = await queryRows<{ id: string }>(db, sql`select id from users order by id`);
  const devices = new Map<string, TestDevice>();
  for (const { id } of people) {
    const device = receiver.device();
    await preferencesRepository(db).save(id, { pushNotifications: true, emailNotifications: false });
    await pushSubscriptionsRepository(db).save(id, device.subscription);
    devices.set(id, device);
  }
  return devices;
}

export interface PushJobState {
  /** Push jobs not yet claimed for the first time. */
  unclaimed: number;
  running: number;
  /** Queued again after a failed attempt, waiting for its retry. */
  retrying: number;
}

/** Where the push jobs after `afterJobId` are, read from the job table. */
export async function pushJobState(db: Db, afterJobId: number): Promise<PushJobState> {
  const [state] = await queryRows<PushJobState>(
    db,
    sql`select count(*) filter (where status = 'queued' and attempts = 0)::int as unclaimed,
        count(*) filter (where status = 'running')::int as running,
        count(*) filter (where status = 'queued' and attempts > 0)::int as retrying
      from jobs where type = ${NOTIFICATION_PUSH_JOB} and id > ${afterJobId}`,
  );
  return state!;
}

/** The newest job's id: the jobs of a phase are those after the one before it. */
export async function lastJobId(db: Db): Promise<number> {
  const [row] = await queryRows<{ id: number }>(db, sql`select coalesce(max(id), 0)::int as id from jobs`);
  return row!.id;
}

/** Lets every queued push job run now, as if its collapse window had been waited out. */
export async function pushJobsDueNow(db: Db) {
  await db.execute(
    sql`update jobs set run_after = now() where type = ${NOTIFICATION_PUSH_JOB} and status = 'queued'`,
  );
}

export interface PhaseFigures {
  jobs: number;
  failedJobs: number;
  /** Jobs that needed more than one attempt, and the attempts made beyond the first. */
  retriedJobs: number;
  extraAttempts: number;
  /** Seconds from its due time to the end of a job done at its first attempt. */
  lagSeconds: { p50: number; p99: number; max: number };
  /** (notice, person) pairs, and the pushes they make: one per person, kind and collapse window. */
  pairs: number;
  pushes: number;
  collapsed: number;
}

/** What the job table and the notices of a phase (titles starting `titlePrefix`) say once its jobs ended. */
export async function phaseFigures(
  db: Db,
  phase: { afterJobId: number; titlePrefix: string; people: number },
): Promise<PhaseFigures> {
  const [jobs] = await queryRows<Omit<PhaseFigures, 'pairs' | 'pushes' | 'collapsed'>>(
    db,
    sql`select count(*)::int as jobs,
        count(*) filter (where status = 'failed')::int as "failedJobs",
        count(*) filter (where attempts > 1)::int as "retriedJobs",
        coalesce(sum(attempts - 1), 0)::int as "extraAttempts",
        json_build_object(
          'p50', round((percentile_cont(0.5) within group (order by extract(epoch from updated_at - run_after)) filter (where attempts = 1))::numeric, 2),
          'p99', round((percentile_cont(0.99) within group (order by extract(epoch from updated_at - run_after)) filter (where attempts = 1))::numeric, 2),
          'max', round((max(extract(epoch from updated_at - run_after)) filter (where attempts = 1))::numeric, 2)
        ) as "lagSeconds"
      from jobs where type = ${NOTIFICATION_PUSH_JOB} and id > ${phase.afterJobId}`,
  );
  const [notices] = await queryRows<{ notices: number; windows: number }>(
    db,
    sql`select count(*)::int as notices,
        count(distinct (type, floor(extract(epoch from created_at) / ${PUSH_COLLAPSE_SECONDS})))::int as windows
      from notifications where title like ${`${phase.titlePrefix}%`}`,
  );
  const pairs = notices!.notices * phase.people;
  const pushes = notices!.windows * phase.people;
  return { ...jobs!, pairs, pushes, collapsed: pairs - pushes };
}

/** Waits until `done(state)` holds for the jobs after `afterJobId`, polling every 100 ms; answers when. */
export async function waitForJobs(
  db: Db,
  afterJobId: number,
  done: (state: PushJobState) => boolean,
  limitMs: number,
) {
  const started = performance.now();
  for (;;) {
    const state = await pushJobState(db, afterJobId);
    if (done(state)) return performance.now();
    if (performance.now() - started > limitMs)
      throw new BenchError(`push jobs not finished after ${limitMs / 1000} s: ${JSON.stringify(state)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The baseline: `count` pushes sent straight to the receiver with the server's own sendPush (VAPID
 * signature and aes128gcm encryption included), from a process of its own, `atOnce` at a time as a
 * push job sends them, round the devices; answers the seconds taken.
 */
export async function sendStraight(
  vapid: VapidDetails,
  devices: readonly TestDevice[],
  count: number,
  atOnce: number,
  type: NotificationType,
): Promise<number> {
  const payload = pushPayloadOf({
    userId: '',
    type,
    title: 'Baseline push',
    message: 'Something changed on site',
    link: '/projects',
    inBurst: 1,
    superseded: false,
  });
  const targets = Array.from({ length: count }, (_, index) => {
    const { endpoint, keys } = devices[index % devices.length]!.subscription;
    return { endpoint, p256dh: keys.p256dh, auth: keys.auth };
  });
  const child = fork(new URL('./push-straight-runner.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const answer = await new Promise<StraightAnswer>((resolve, reject) => {
    child.once('message', (message: StraightAnswer) => resolve(message));
    child.once('exit', (code) => reject(new BenchError(`the baseline sender exited (${code})`)));
    child.send({ vapid, targets, atOnce, payload } satisfies StraightRequest);
  });
  if (answer.refused > 0) throw new BenchError(`baseline: ${answer.refused} of ${count} pushes not taken`);
  return answer.seconds;
}
