// Fault 3: job workers killed (SIGKILL) in the middle of a notification's emails; the next one takes
// the job over when its lease ends. Counts every message the mail provider was given, per recipient.
import { setTimeout as sleep } from 'node:timers/promises';
import { desc, eq } from 'drizzle-orm';
import { openDatabase } from '@trowel/server/src/db/client.ts';
import { jobs } from '@trowel/server/src/db/schema.ts';
import { NOTIFICATION_EMAIL_JOB } from '@trowel/server/src/mail/email-jobs.ts';
import { notificationsRepository } from '@trowel/server/src/modules/notifications/notifications.repository.ts';
import type { workerProcess } from '@trowel/server/test/faults/processes.ts';
import type { TestSmtp } from '@trowel/server/test/smtp.ts';
import { seedUsers, unknownPasswordHash } from './seed.ts';

export interface WorkerKillOptions {
  recipients: number;
  /** The share of the emails sent when each worker but the last is killed (0.3, 0.6: two kills). */
  killAt: number[];
  leaseSeconds: number;
}

export interface WorkerKillFigures {
  recipients: number;
  leaseSeconds: number;
  /**
   * Per worker: emails the provider had when it was killed (the last one finished the job), and how
   * long after the kill the next worker claimed the job.
   */
  workers: Array<{ killedAtEmails: number | null; takeoverMs: number | null }>;
  received: number;
  /** Recipients who got the email more than once (the whole point: none). */
  twice: number;
  /** Recipients who got nothing: the sends under way at each kill, counted by the job as unconfirmed. */
  never: number;
  job: { status: string; attempts: number; result: unknown };
}

/**
 * Makes `recipients` people and one notification to all of them (its email job queued with it), then
 * runs workers one after another, killing each but the last once the given share of emails is out.
 */
export async function killWorkersMidBatch(
  databaseUrl: string,
  smtp: TestSmtp,
  startWorker: () => ReturnType<typeof workerProcess>,
  options: WorkerKillOptions,
): Promise<WorkerKillFigures> {
  const database = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    const roles = Array.from({ length: options.recipients }, () => 'team_member' as const);
    await seedUsers(database.db, options.recipients, await unknownPasswordHash(), { roles });
    const people = await database.db.execute<{ id: string }>(
      "select id from users where email like '%@bench.trowel.test'",
    );
    const ids = (people as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
    const before = smtp.messages.length;
    await database.db.transaction((tx) =>
      notificationsRepository(tx).create({
        type: 'other',
        title: 'Site closed on Friday for the inspection',
        message: 'Nobody on site on Friday: the structural engineer inspects the frame.',
        link: '/projects',
        recipientUsers: ids,
      }),
    );
    const [job] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.type, NOTIFICATION_EMAIL_JOB))
      .orderBy(desc(jobs.id))
      .limit(1);
    const sent = () => smtp.messages.length - before;

    const jobRow = async () => (await database.db.select().from(jobs).where(eq(jobs.id, job!.id)))[0]!;
    const workers: WorkerKillFigures['workers'] = [];
    let killedAt: number | null = null;
    for (const share of [...options.killAt, null]) {
      const worker = startWorker();
      const attempts = (await jobRow()).attempts;
      await worker.start();
      if (killedAt !== null) {
        // The job is claimed again only once the lease of the killed worker's claim has run out.
        while ((await jobRow()).attempts === attempts) await sleep(20);
        workers.at(-1)!.takeoverMs = Math.round(performance.now() - killedAt);
      }
      if (share === null) {
        const deadline = performance.now() + 120_000;
        while (['running', 'queued'].includes((await jobRow()).status) && performance.now() < deadline)
          await sleep(100);
        await worker.stop();
        workers.push({ killedAtEmails: null, takeoverMs: null });
        break;
      }
      while (sent() < share * options.recipients) await sleep(5);
      await worker.kill9();
      killedAt = performance.now();
      workers.push({ killedAtEmails: sent(), takeoverMs: null });
    }

    const perRecipient = new Map<string, number>();
    for (const mail of smtp.messages.slice(before))
      for (const to of mail.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    const finished = await jobRow();
    return {
      recipients: options.recipients,
      leaseSeconds: options.leaseSeconds,
      workers,
      received: sent(),
      twice: [...perRecipient.values()].filter((count) => count > 1).length,
      never: options.recipients - perRecipient.size,
      job: { status: finished.status, attempts: finished.attempts, result: finished.result },
    };
  } finally {
    await database.close();
  }
}
