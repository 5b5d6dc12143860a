// The fault runs' figures as text tables.
import type { KindFigures } from '@trowel/server/test/faults/write-checks.ts';
import type { KillRound } from './faults-api-kill.ts';
import type { RestartFigures } from './faults-db-restart.ts';
import type { WorkerKillFigures } from './faults-worker-kill.ts';
import { formatTable } from './table.ts';

export interface FaultsReport {
  apiKill: KillRound[];
  databaseRestart: RestartFigures;
  workerKill: WorkerKillFigures;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const ms = (value: number | null) => (value === null ? 'never' : `${value} ms`);

export function printFaults({ apiKill, databaseRestart: restart, workerKill }: FaultsReport) {
  const totals = (figures: (kind: KindFigures) => number, round: FaultsReport['apiKill'][number]) =>
    sum(Object.values(round.report.byKind).map(figures));
  console.log('\n1. API process killed under write load');
  console.log(
    formatTable(
      [
        { title: 'round' },
        { title: 'requests', align: 'right' },
        { title: 'cut', align: 'right' },
        { title: 'acknowledged', align: 'right' },
        { title: 'found', align: 'right' },
        { title: 'cut but committed', align: 'right' },
        { title: 'half-written', align: 'right' },
        { title: 'twice', align: 'right' },
        { title: 'resent: made / cut off', align: 'right' },
        { title: 'restart', align: 'right' },
      ],
      apiKill.map((round) => [
        String(round.round),
        `${round.requests} (${round.requestsPerSecond}/s)`,
        String(round.cut),
        String(totals((kind) => kind.acknowledged, round)),
        String(totals((kind) => kind.found, round)),
        String(totals((kind) => kind.unansweredCommitted, round)),
        String(round.report.halfWritten.length),
        String(round.report.duplicates.length),
        `${round.report.retries.createdNow} / ${round.report.retries.interrupted}` +
          (round.report.retries.inProgress ? ` (+${round.report.retries.inProgress} "still running")` : ''),
        `${round.restartMs} ms`,
      ]),
    ),
  );
  const kinds = Object.keys(apiKill[0]?.report.byKind ?? {}) as Array<keyof KindFigures & string>;
  console.log(
    formatTable(
      [
        { title: 'write (all rounds)' },
        { title: 'acknowledged', align: 'right' },
        { title: 'found', align: 'right' },
        { title: 'cut', align: 'right' },
        { title: 'cut but committed', align: 'right' },
      ],
      kinds.map((kind) => {
        const each = apiKill.map((round) => round.report.byKind[kind as keyof typeof round.report.byKind]);
        return [
          kind,
          String(sum(each.map((figures) => figures.acknowledged))),
          String(sum(each.map((figures) => figures.found))),
          String(sum(each.map((figures) => figures.unanswered))),
          String(sum(each.map((figures) => figures.unansweredCommitted))),
        ];
      }),
    ),
  );

  const answers = restart.answers;
  const writes = Object.values(restart.report.byKind);
  console.log('\n2. PostgreSQL stopped and started again under write load');
  console.log(
    formatTable(
      [{ title: 'what' }, { title: 'seen' }],
      [
        ['database unreachable (stop, down, start)', `${restart.outageMs} ms`],
        [
          'answers',
          `${answers.ok} 2xx, ${answers.unavailable} 503, ${answers.otherServerErrors} other 5xx, ` +
            `${answers.clientErrors} 4xx, ${answers.noAnswer} without an answer`,
        ],
        ['503 codes', restart.unavailableAnswers.join(', ') || 'none'],
        ['503s from the stop', `${ms(restart.firstUnavailableMs)} to ${ms(restart.lastUnavailableMs)}`],
        ['first 2xx once the database was back', ms(restart.firstOkAfterBackMs)],
        [
          'writes acknowledged / found',
          `${sum(writes.map((w) => w.acknowledged))} / ${sum(writes.map((w) => w.found))}`,
        ],
        ['half-written workflows', String(restart.report.halfWritten.length)],
        ['listening connections before / after', `${restart.listenersBefore} / ${restart.listenersAfter}`],
        ['listening again after the database was back', ms(restart.listeningAgainMs)],
        ['a sign-out heard by the other process', ms(restart.signOutHeardMs)],
        [
          'jobs running at the stop, left running after',
          `${restart.jobs.runningAtStop}, ${restart.jobs.stillRunning}`,
        ],
        [
          'the worker since the database was back',
          `${restart.jobs.doneSinceBack} jobs done, ${restart.jobs.emailsSinceBack} emails sent, ` +
            `${restart.jobs.queued} jobs still queued`,
        ],
      ],
    ),
  );

  console.log(
    `\n3. Workers killed while emailing ${workerKill.recipients} people (lease ${workerKill.leaseSeconds} s)`,
  );
  console.log(
    formatTable(
      [{ title: 'what' }, { title: 'seen' }],
      [
        ...workerKill.workers.map((worker, index) => [
          `worker ${index + 1}`,
          worker.killedAtEmails === null
            ? 'finished the job'
            : `killed at ${worker.killedAtEmails} emails; the job claimed again ${ms(worker.takeoverMs)} later`,
        ]),
        ['emails the provider got', String(workerKill.received)],
        ['people who got it twice', String(workerKill.twice)],
        ['people who got nothing (sends cut by a kill)', String(workerKill.never)],
        [
          'the job',
          `${workerKill.job.status} after ${workerKill.job.attempts} attempts: ${JSON.stringify(workerKill.job.result)}`,
        ],
      ],
    ),
  );
}
