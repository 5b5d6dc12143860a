// Fault 1: the API process killed (SIGKILL) under write load, then started again on the same database.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FaultCompany } from '@trowel/server/test/faults/company.ts';
import type { serverProcess } from '@trowel/server/test/faults/processes.ts';
import { checkWrites, type WriteReport } from '@trowel/server/test/faults/write-checks.ts';
import { retryUnanswered, startWriteLoad } from '@trowel/server/test/faults/write-load.ts';

export interface KillRound {
  round: number;
  /** Requests sent in the round, and per second. */
  requests: number;
  requestsPerSecond: number;
  /** Requests under way when the process died (no answer). */
  cut: number;
  /** From spawning the server again to its first 200 on GET /api/health. */
  restartMs: number;
  report: WriteReport;
}

export interface KillOptions {
  rounds: number;
  loadMs: number;
  writers: number;
}

/** `rounds` times: `writers` write for `loadMs`, the server is killed, started again, and checked. */
export async function killApiUnderLoad(
  server: ReturnType<typeof serverProcess>,
  databaseUrl: string,
  company: FaultCompany,
  options: KillOptions,
): Promise<KillRound[]> {
  const rounds: KillRound[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    const runId = `kill${round}-${randomBytes(3).toString('hex')}`;
    const load = startWriteLoad(server.origin, company, { writers: options.writers, runId });
    await sleep(options.loadMs);
    load.halt();
    await server.kill9();
    await load.settled();
    const restartMs = await server.start();
    await retryUnanswered(server.origin, load.ledger, company);
    const report = await checkWrites(databaseUrl, runId, load.ledger);
    rounds.push({
      round,
      requests: load.ledger.length,
      requestsPerSecond: Math.round(load.ledger.length / (options.loadMs / 1000)),
      cut: load.ledger.filter((write) => write.status === null).length,
      restartMs: Math.round(restartMs),
      report,
    });
    console.log(
      `  round ${round}: ${load.ledger.length} requests, ${rounds.at(-1)!.cut} cut by the kill, ` +
        `restarted in ${Math.round(restartMs)} ms, ${report.lost.length} acknowledged writes lost`,
    );
  }
  return rounds;
}
