// The fault runs' figures as text tables.
import type { KindFigures } from '@trowel/server/test/faults/write-checks.ts';
import type { WriteKind } from '@trowel/server/test/faults/write-load.ts';
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

const right = (...titles: string[]) => titles.map((title) => ({ title, align: 'right' as const }));
/** The figures of each kind of write, in the order the tables show them. */
const WRITE_FIGURES = ['acknowledged', 'found', 'unanswered', 'unansweredCommitted'] as const;
const WRITE_TITLES = ['acknowledged', 'found', 'cut', 'cut but committed'];

export function printFaults({ apiKill, databaseRestart: restart, workerKill }: FaultsReport) {
  const total = (round: KillRound, figure: keyof KindFigures) =>
    sum(Object.values(round.report.byKind).map((kind) => kind[figure]));
  console.log('\n1. API process killed under write load');
  console.log(
    formatTable(
      [
        { title: 'round' },
        ...right('requests', 'cut', 'acknowledged', 'found', 'cut but committed'),
        ...right('half-written', 'twice', 'resent: made / replayed / cut off', 'restart'),
      ],
      apiKill.map((round) => {
        const { retries } = round.report;
        return [
          String(round.round),
          `${round.requests} (${round.requestsPerSecond}/s)`,
          String(round.cut),
          String(total(round, 'acknowledged')),
          String(total(round, 'found')),
          String(total(round, 'unansweredCommitted')),
          String(round.report.halfWritten.length),
          String(round.report.duplicates.length),
          `${retries.createdNow} / ${retries.replayed} / ${retries.interrupted}` +
            (retries.inProgress ? ` (+${retries.inProgress} "still running")` : ''),
          `${round.restartMs} ms`,
        ];
      }),
    ),
  );
  const kinds = Object.keys(apiKill[0]?.report.byKind ?? {}) as WriteKind[];
  console.log(
    formatTable(
      [{ title: 'write (all rounds)' }, ...right(...WRITE_TITLES)],
      kinds.map((kind) => [
        kind,
        ...WRITE_FIGURES.map((figure) =>
          String(sum(apiKill.map((round) => round.report.byKind[kind][figure]))),
        ),
      ]),
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
