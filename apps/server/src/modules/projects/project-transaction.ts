import type { ModuleContext } from '../../platform.ts';
import type { Db } from '../../db/client.ts';

/**
 * Runs a change to projects, phases or tasks in one transaction, then drops the cached list totals
 * and dashboard figures everywhere (after the commit, so no process can cache the old state again)
 * and wakes the job worker for the emails of the notifications it wrote.
 */
export async function projectTransaction<T>(ctx: ModuleContext, work: (tx: Db) => Promise<T>): Promise<T> {
  const result = await ctx.db.transaction((tx) => work(tx as unknown as Db));
  await ctx.invalidate({ kind: 'projects' });
  ctx.wakeWorker();
  return result;
}
