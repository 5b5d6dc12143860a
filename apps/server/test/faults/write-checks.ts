// What a fault run finds in the database against what its writers were told: every write answered
// 2xx is there, no create is there twice, and every workflow's status and history agree.
import pg from 'pg';
import { isCreate, type Write, type WriteKind } from './write-load.ts';

export interface KindFigures {
  /** Answered 2xx. */
  acknowledged: number;
  /** Of those, found in the database afterwards. */
  found: number;
  /** Sent but never answered (in flight when the process died). */
  unanswered: number;
  /** Of those, found committed all the same. */
  unansweredCommitted: number;
}

export interface RetryFigures {
  /** Creates without an answer sent again with their Idempotency-Key. */
  sent: number;
  /** Answered the first attempt's answer (it had committed and recorded its answer). */
  replayed: number;
  /** Created now (the first attempt had not committed). */
  createdNow: number;
  /** Refused 409 as cut off: the first attempt died unanswered, and may have been saved. */
  interrupted: number;
  /** Refused 409 as still running (with Retry-After): wrong once the first attempt's process is gone. */
  inProgress: number;
  other: number;
}

export interface WriteReport {
  byKind: Record<WriteKind, KindFigures>;
  /** Writes answered 2xx and not found. */
  lost: Write[];
  /** Markers written more than once (a create that ran twice). */
  duplicates: string[];
  /** Workflow objects whose status and history disagree, with why. */
  halfWritten: string[];
  retries: RetryFigures;
}

const WORKFLOWS = {
  material_request: { table: 'material_requests', approved: 'approved_by_lead' },
  budget: { table: 'budgets', approved: 'approved' },
} as const;

interface HistoryRow {
  entity_id: string;
  from_status: string | null;
  to_status: string;
}

/** Reads the run's rows (markers start with `runId-`) and compares them with the ledger. */
export async function checkWrites(
  databaseUrl: string,
  runId: string,
  ledger: readonly Write[],
): Promise<WriteReport> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const like = `${runId}-%`;
    const rowsOf = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = [like]) =>
      (await client.query<T>(text, values)).rows;
    const logs = await rowsOf<{ id: string; marker: string }>(
      'select id, title as marker from daily_logs where title like $1',
    );
    const requests = await rowsOf<{ id: string; marker: string; status: string }>(
      'select id, notes as marker, status from material_requests where notes like $1',
    );
    const budgets = await rowsOf<{ id: string; marker: string; status: string }>(
      `select b.id, i.description as marker, b.status from budgets b
       join budget_items i on i.budget_id = b.id where i.description like $1`,
    );
    const statusOf = new Map([...requests, ...budgets].map((row) => [row.id, row.status]));
    const idsOf = (rows: Array<{ id: string; marker: string }>) => {
      const ids = new Map<string, string[]>();
      for (const row of rows) ids.set(row.marker, [...(ids.get(row.marker) ?? []), row.id]);
      return ids;
    };
    const written: Record<'daily-log' | 'material-request' | 'budget', Map<string, string[]>> = {
      'daily-log': idsOf(logs),
      'material-request': idsOf(requests),
      budget: idsOf(budgets),
    };

    const history = await rowsOf<HistoryRow & { workflow: keyof typeof WORKFLOWS }>(
      `select workflow, entity_id, from_status, to_status from status_history
       where workflow in ('material_request', 'budget')
       order by entity_id, created_at, (from_status is null) desc`,
      [],
    );
    const historyOf = new Map<string, HistoryRow[]>();
    for (const row of history) historyOf.set(row.entity_id, [...(historyOf.get(row.entity_id) ?? []), row]);

    const halfWritten: string[] = [];
    for (const [workflow, rows] of [
      ['material_request', requests],
      ['budget', budgets],
    ] as const) {
      for (const row of rows) {
        const problem = chainProblem(historyOf.get(row.id) ?? [], row.status);
        if (problem) halfWritten.push(`${workflow} ${row.id}: ${problem}`);
      }
      const orphans = await rowsOf<{ entity_id: string }>(
        `select h.entity_id from status_history h where h.workflow = $1
         and not exists (select 1 from ${WORKFLOWS[workflow].table} t where t.id = h.entity_id)`,
        [workflow],
      );
      for (const orphan of orphans)
        halfWritten.push(`${workflow} ${orphan.entity_id}: history without its object`);
    }

    const approvedStatus = (kind: WriteKind) =>
      kind === 'material-approval' ? WORKFLOWS.material_request.approved : WORKFLOWS.budget.approved;
    const isThere = (write: Write, id: string | null) => {
      if (isCreate(write.kind))
        return (written[write.kind as keyof typeof written].get(write.marker) ?? []).includes(id ?? '');
      const rows = id ? (historyOf.get(id) ?? []) : [];
      const status = approvedStatus(write.kind);
      return statusOf.get(id ?? '') === status && rows.some((row) => row.to_status === status);
    };
    const committedAnyway = (write: Write) =>
      isCreate(write.kind)
        ? (written[write.kind as keyof typeof written].get(write.marker) ?? []).length > 0
        : isThere(write, write.id);

    const byKind = {} as Record<WriteKind, KindFigures>;
    const lost: Write[] = [];
    for (const kind of [
      'daily-log',
      'material-request',
      'material-approval',
      'budget',
      'budget-approval',
    ] as const)
      byKind[kind] = { acknowledged: 0, found: 0, unanswered: 0, unansweredCommitted: 0 };
    for (const write of ledger) {
      const figures = byKind[write.kind];
      const answered = write.status !== null && write.status < 300;
      const retriedOk = write.retried?.status != null && write.retried.status < 300;
      if (answered || retriedOk) {
        figures.acknowledged++;
        const id = answered ? write.id : (write.retried?.id ?? null);
        if (isThere(write, id)) figures.found++;
        else lost.push(write);
      }
      if (write.status === null) {
        figures.unanswered++;
        if (committedAnyway(write)) figures.unansweredCommitted++;
      }
    }

    const duplicates = Object.values(written).flatMap((ids) =>
      [...ids].filter(([, list]) => list.length > 1).map(([marker]) => marker),
    );
    const retried = ledger.filter((write) => write.retried);
    const retries: RetryFigures = {
      sent: retried.length,
      replayed: retried.filter((write) => write.retried!.status === 201 && write.retried!.replayed).length,
      createdNow: retried.filter((write) => write.retried!.status === 201 && !write.retried!.replayed).length,
      interrupted: retried.filter((write) => write.retried!.status === 409 && !write.retried!.retryAfter)
        .length,
      inProgress: retried.filter((write) => write.retried!.status === 409 && write.retried!.retryAfter)
        .length,
      other: retried.filter((write) => write.retried!.status !== 201 && write.retried!.status !== 409).length,
    };
    return { byKind, lost, duplicates, halfWritten, retries };
  } finally {
    await client.end();
  }
}

/** Why an object's history does not lead from its creation to its status, or null when it does. */
function chainProblem(rows: readonly HistoryRow[], status: string): string | null {
  if (rows.length === 0) return 'no history';
  if (rows[0]!.from_status !== null) return 'history without its creation';
  for (let n = 1; n < rows.length; n++)
    if (rows[n]!.from_status !== rows[n - 1]!.to_status)
      return `history breaks: ${rows[n - 1]!.to_status} then from ${rows[n]!.from_status}`;
  const last = rows.at(-1)!.to_status;
  return last === status ? null : `status ${status} but history ends at ${last}`;
}
