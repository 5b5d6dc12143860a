import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createContext, type AppContext } from '@trowel/server/src/context.ts';
import type { Db } from '@trowel/server/src/db/client.ts';
import { users } from '@trowel/server/src/db/schema.ts';
import type { AuthUser } from '@trowel/server/src/http/access.ts';
import { MODULES } from '@trowel/server/src/modules.ts';
import { localStorage } from '@trowel/server/src/storage/local-storage.ts';
import { asServerDatabase, openRecordingDatabase, type QueryPlan } from './explain.ts';
import { BenchError } from './measure.ts';
import type { TrowelUnderTest } from './trowel.ts';

/** One answer to explain: what the route calls to build it, on a context whose database records. */
export interface ExplainedAnswer {
  id: string;
  label: string;
  /** The email of the person asking. */
  as: string;
  build: (ctx: AppContext, actor: AuthUser) => Promise<unknown>;
}

/** A statement's plan, with the correlated subqueries (SubPlan nodes) it ran and how often. */
export interface StatementPlan extends QueryPlan {
  /** Whether the statement runs for every such answer, or only until its result is kept (a total, a setting). */
  runs: 'every request' | 'until kept';
  /** `SubPlan` nodes: their name and loops (once per row of the outer node when correlated). */
  subPlans: Array<{ name: string; loops: number | null }>;
}

export interface AnswerPlans {
  id: string;
  label: string;
  statements: StatementPlan[];
  /** Over the statements run for every such answer (those run until kept are left out). */
  totals: { statements: number; planningMs: number; executionMs: number; buffers: number };
}

/** The person as the server loads them with their session, from their email. */
export async function actorByEmail(db: Db, email: string): Promise<AuthUser> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!row) throw new BenchError(`no user ${email}`);
  return { id: row.id, name: row.name, email: row.email, role: row.role, sessionId: 'bench', profile: row };
}

/** The SubPlan nodes of a plan with the loops of the node right under each. */
function subPlansOf(lines: readonly string[]): StatementPlan['subPlans'] {
  const found: StatementPlan['subPlans'] = [];
  lines.forEach((line, index) => {
    const match = /^\s*(SubPlan \d+)/.exec(line);
    if (!match) return;
    // The node right under the SubPlan: its loops, or none when it never ran.
    const below = lines[index + 1] ?? '';
    const loops = below.includes('never executed')
      ? 0
      : /loops=(\d+)/.test(below)
        ? Number(/loops=(\d+)/.exec(below)![1])
        : null;
    found.push({ name: match[1]!, loops });
  });
  return found;
}

/**
 * Every statement the server runs to build each answer, captured by handing the server's own
 * services a context on a recording connection, then EXPLAIN (ANALYZE, BUFFERS) with the bench's data
 * (warm: the last of three runs). Printed per statement, answered for the results file.
 */
export async function explainAnswers(
  trowel: TrowelUnderTest<unknown>,
  answers: readonly ExplainedAnswer[],
): Promise<AnswerPlans[]> {
  if (!trowel.databaseUrl) return [];
  const recording = openRecordingDatabase(trowel.databaseUrl);
  const database = asServerDatabase(recording);
  const storage = localStorage(path.join(trowel.config.dataDir, 'files'));
  try {
    const results: AnswerPlans[] = [];
    for (const answer of answers) {
      // A context of its own per answer: nothing kept from another answer's statements.
      const ctx = createContext(trowel.config, database, storage, MODULES);
      const actor = await actorByEmail(recording.db, answer.as);
      // Built twice: what the second build still runs is run for every request.
      const first = await recording.capture(() => answer.build(ctx, actor));
      const again = await recording.capture(() => answer.build(ctx, actor));
      const statements: StatementPlan[] = [];
      for (const query of first) {
        const plan = await recording.explain(query);
        const runs = again.some((other) => other.sql === query.sql) ? 'every request' : 'until kept';
        statements.push({ ...plan, runs, subPlans: subPlansOf(plan.plan) });
      }
      const everyRequest = statements.filter((plan) => plan.runs === 'every request');
      const sum = (pick: (plan: StatementPlan) => number | null) =>
        Math.round(everyRequest.reduce((total, plan) => total + (pick(plan) ?? 0), 0) * 1000) / 1000;
      const result = {
        id: answer.id,
        label: answer.label,
        statements,
        totals: {
          statements: everyRequest.length,
          planningMs: sum((plan) => plan.planningMs),
          executionMs: sum((plan) => plan.executionMs),
          buffers: sum((plan) => plan.buffers),
        },
      };
      console.log(
        `EXPLAIN ${answer.label}: ${result.totals.statements} statements every request, planning ${result.totals.planningMs} ms, ` +
          `execution ${result.totals.executionMs} ms, ${result.totals.buffers} buffers`,
      );
      statements.forEach((plan, index) => {
        const subPlans = plan.subPlans.length
          ? `; ${plan.subPlans.length} SubPlans (loops ${plan.subPlans.map((sub) => sub.loops ?? '?').join(', ')})`
          : '';
        const text = plan.sql.replace(/\s+/g, ' ').slice(0, 90);
        const kept = plan.runs === 'until kept' ? ' (until kept, not counted)' : '';
        console.log(
          `  ${index + 1}.${kept} planning ${plan.planningMs} ms, execution ${plan.executionMs} ms, ` +
            `${plan.buffers} buffers${subPlans}: ${text}`,
        );
      });
      results.push(result);
    }
    return results;
  } finally {
    await recording.close();
  }
}
