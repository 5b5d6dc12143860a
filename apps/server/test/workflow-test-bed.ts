import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { defineMachine } from '@trowel/shared/workflow/machine.ts';
import { startTestServer, type TestServer, type TestUser } from './harness.ts';
import type { AppContext } from '../src/context.ts';
import type { Db } from '../src/db/client.ts';
import { queryRows } from '../src/db/raw.ts';

/** A small workflow over a table of its own, standing in for the budget, request and RFQ machines. */
export const itemMachine = defineMachine({
  name: 'budget',
  states: ['draft', 'submitted', 'approved'],
  rules: {
    submit: { from: ['draft'], to: 'submitted', roles: ['quantity_surveyor', 'admin'] },
    approve: { from: ['submitted'], to: 'approved', roles: ['admin'] },
  },
});
export type ItemStatus = (typeof itemMachine.states)[number];

/** What every test step of the item workflow names: the machine, the row, the action and the caller. */
export const itemStep = (actor: TestUser, id: string, action: 'submit' | 'approve') => ({
  machine: itemMachine,
  id,
  action,
  actor,
  noun: 'Item',
  remarks: `${action} it`,
});

/** The repositories of a locked step's transaction, with the transaction, so the test's table is read in it. */
export type TestRepos = { tx: Db };

interface Bed {
  server: TestServer;
  admin: TestUser;
  qs: TestUser;
  engineer: TestUser;
  /** The server's context whose `withDb` also hands the transaction to the step (see TestRepos). */
  ctx: AppContext;
}

/**
 * A test server with an administrator, a QS and a team member, and a table `table` (id, status) for
 * the item workflow; started before the file's tests and stopped after them.
 */
export function workflowTestBed(table: 'workflow_items' | 'guarded_items') {
  const bed = {} as Bed;
  const name = sql.raw(table);
  beforeAll(async () => {
    bed.server = await startTestServer();
    [bed.admin, bed.qs, bed.engineer] = await Promise.all([
      bed.server.user('admin'),
      bed.server.user('quantity_surveyor'),
      bed.server.user('team_member'),
    ]);
    await bed.server.ctx.db.execute(
      sql`create table ${name} (id uuid primary key default gen_random_uuid(), status text not null)`,
    );
    bed.ctx = {
      ...bed.server.ctx,
      withDb: (db: Db) => Object.assign(bed.server.ctx.withDb(db), { tx: db }),
    };
  });
  afterAll(() => bed.server.stop());

  async function newItem(status: ItemStatus = 'draft') {
    const [row] = await queryRows<{ id: string }>(
      bed.server.ctx.db,
      sql`insert into ${name} (status) values (${status}) returning id`,
    );
    return row!.id;
  }

  const statusOf = async (id: string) =>
    (
      await queryRows<{ status: string }>(bed.server.ctx.db, sql`select status from ${name} where id = ${id}`)
    )[0]?.status;

  const historyOf = (id: string) => bed.server.ctx.statusHistory.forEntity('budget', id);

  /** The QS's submit of the item as both runners take it: the status, one history row, the administrators told. */
  async function expectSubmitted(id: string) {
    expect(await statusOf(id)).toBe('submitted');
    expect(await historyOf(id)).toEqual([
      expect.objectContaining({
        action: 'submit',
        fromStatus: 'draft',
        toStatus: 'submitted',
        remarks: 'submit it',
        actor: { id: bed.qs.id, name: bed.qs.name, role: 'quantity_surveyor' },
      }),
    ]);
    const feed = (
      await bed.server.app.inject({ method: 'GET', url: '/api/notifications', headers: bed.admin.auth })
    ).json();
    expect(feed.notifications.map((item: { title: string }) => item.title)).toContain('Item submitted');
  }

  /** 403 for a role that never takes the action, 409 for a wrong state, 404 for no row; nothing changed. */
  async function expectRefusals(
    take: (actor: TestUser, id: string, action: 'submit' | 'approve') => Promise<unknown>,
  ) {
    const id = await newItem();
    await expect(take(bed.engineer, id, 'submit')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(take(bed.admin, id, 'approve')).rejects.toMatchObject({ code: 'INVALID_STATE' });
    await expect(take(bed.admin, '00000000-0000-4000-8000-000000000000', 'approve')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await statusOf(id)).toBe('draft');
    expect(await historyOf(id)).toEqual([]);
  }

  return { bed, newItem, statusOf, historyOf, expectSubmitted, expectRefusals };
}
