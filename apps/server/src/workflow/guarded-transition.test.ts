import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineMachine } from '@trowel/shared/workflow/machine.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/raw.ts';
import { runGuardedTransition } from './guarded-transition.ts';

// A small workflow over a table of its own, standing in for the budget machine.
const machine = defineMachine({
  name: 'budget',
  states: ['draft', 'submitted', 'approved'],
  rules: {
    submit: { from: ['draft'], to: 'submitted', roles: ['quantity_surveyor', 'admin'] },
    approve: { from: ['submitted'], to: 'approved', roles: ['admin'] },
  },
});
type Status = (typeof machine.states)[number];
interface Item {
  id: string;
  status: Status;
  version: string;
}

let server: TestServer;
let admin: TestUser, qs: TestUser, engineer: TestUser;
/** The repositories of a locked step's transaction, with the transaction, so the test's table is read in it. */
type TestRepos = { tx: Db };
let ctx: AppContext;

beforeAll(async () => {
  server = await startTestServer();
  [admin, qs, engineer] = await Promise.all([
    server.user('admin'),
    server.user('quantity_surveyor'),
    server.user('team_member'),
  ]);
  await server.ctx.db.execute(
    sql`create table guarded_items (id uuid primary key default gen_random_uuid(), status text not null)`,
  );
  ctx = {
    ...server.ctx,
    withDb: (db: Db) => Object.assign(server.ctx.withDb(db), { tx: db }),
  };
});
afterAll(() => server.stop());

async function newItem(status: Status = 'draft') {
  const [row] = await queryRows<{ id: string }>(
    server.ctx.db,
    sql`insert into guarded_items (status) values (${status}) returning id`,
  );
  return row!.id;
}

const readItem = async (db: Db, id: string, lock = false) =>
  (
    await queryRows<Item>(
      db,
      sql`select id, status, xmin::text as version from guarded_items where id = ${id} ${lock ? sql`for update` : sql``}`,
    )
  )[0] ?? null;

/** Bumps the row's version without changing what it says, as a concurrent edit would. */
const touch = (id: string) =>
  server.ctx.db.execute(sql`update guarded_items set status = status where id = ${id}`);

interface StepOptions {
  /** Runs after each read, before the change is sent (a change by someone else in between). */
  afterRead?: (attempt: number) => PromiseLike<unknown>;
  projectId?: string;
}

function step(id: string, action: 'submit' | 'approve', options: StepOptions = {}) {
  const calls = { reads: 0, locks: 0 };
  return {
    calls,
    machine,
    workflow: 'budget' as const,
    entityId: id,
    action,
    options: undefined,
    noun: 'Item',
    remarks: `${action} it`,
    read: async () => {
      const row = await readItem(server.ctx.db, id);
      calls.reads += 1;
      await options.afterRead?.(calls.reads);
      return row;
    },
    change: (row: Item, next: Status) =>
      sql`update guarded_items set status = ${next} where id = ${row.id} and xmin = ${row.version}::xid returning id`,
    lock: async (repos: object) => {
      calls.locks += 1;
      return readItem((repos as TestRepos).tx, id, true);
    },
    apply: async (repos: object, row: Item, next: Status) => {
      await (repos as TestRepos).tx.execute(
        sql`update guarded_items set status = ${next} where id = ${row.id}`,
      );
    },
    notifications: () => [
      {
        type: 'budget' as const,
        title: 'Item submitted',
        message: 'Review it',
        projectId: options.projectId ?? null,
        recipientRoles: ['admin'] as const,
      },
    ],
  };
}

const statusOf = async (id: string) =>
  (
    await queryRows<{ status: string }>(server.ctx.db, sql`select status from guarded_items where id = ${id}`)
  )[0]?.status;

const historyOf = (id: string) => server.ctx.statusHistory.forEntity('budget', id);

describe('runGuardedTransition', () => {
  it('moves the status with its history and its notification in one statement', async () => {
    const id = await newItem();
    const taken = step(id, 'submit');
    const result = await runGuardedTransition(ctx, qs, taken);
    expect(result).toMatchObject({ from: 'draft', to: 'submitted', changed: { id } });
    expect(result.history).toMatchObject({ action: 'submit', fromStatus: 'draft', toStatus: 'submitted' });
    expect(taken.calls).toEqual({ reads: 1, locks: 0 });
    expect(await statusOf(id)).toBe('submitted');
    expect(await historyOf(id)).toEqual([
      expect.objectContaining({
        action: 'submit',
        remarks: 'submit it',
        actor: { id: qs.id, name: qs.name, role: 'quantity_surveyor' },
      }),
    ]);
    const feed = (
      await server.app.inject({ method: 'GET', url: '/api/notifications', headers: admin.auth })
    ).json();
    expect(feed.notifications.map((item: { title: string }) => item.title)).toContain('Item submitted');
  });

  it('refuses with 403, 409 and 404 as the table says, changing nothing', async () => {
    const id = await newItem();
    await expect(runGuardedTransition(ctx, engineer, step(id, 'submit'))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(runGuardedTransition(ctx, admin, step(id, 'approve'))).rejects.toMatchObject({
      code: 'INVALID_STATE',
    });
    await expect(
      runGuardedTransition(ctx, admin, step('00000000-0000-4000-8000-000000000000', 'approve')),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await statusOf(id)).toBe('draft');
    expect(await historyOf(id)).toEqual([]);
  });

  it('writes nothing when a part of the statement fails', async () => {
    const id = await newItem();
    // A notification about a project that does not exist breaks its foreign key.
    const failing = step(id, 'submit', { projectId: '00000000-0000-4000-8000-000000000000' });
    await expect(runGuardedTransition(ctx, qs, failing)).rejects.toThrow();
    expect(await statusOf(id)).toBe('draft');
    expect(await historyOf(id)).toEqual([]);
  });

  it('reads the row again when it changed after the read, and decides on what it is now', async () => {
    const id = await newItem('submitted');
    const again = step(id, 'approve', {
      afterRead: (attempt) => (attempt === 1 ? touch(id) : Promise.resolve()),
    });
    await expect(runGuardedTransition(ctx, admin, again)).resolves.toMatchObject({ to: 'approved' });
    expect(again.calls).toEqual({ reads: 2, locks: 0 });

    const other = await newItem('submitted');
    const overtaken = step(other, 'approve', {
      afterRead: async (attempt) => {
        if (attempt === 1)
          await server.ctx.db.execute(sql`update guarded_items set status = 'approved' where id = ${other}`);
      },
    });
    await expect(runGuardedTransition(ctx, admin, overtaken)).rejects.toMatchObject({
      code: 'INVALID_STATE',
    });
    expect(await historyOf(other)).toEqual([]);
  });

  it('takes the step on a locked row when the row keeps changing under the reads', async () => {
    const id = await newItem('submitted');
    const busy = step(id, 'approve', { afterRead: () => touch(id) });
    const result = await runGuardedTransition(ctx, admin, busy);
    expect(result).toMatchObject({ to: 'approved', changed: null });
    expect(busy.calls).toEqual({ reads: 3, locks: 1 });
    expect(await statusOf(id)).toBe('approved');
    expect(await historyOf(id)).toHaveLength(1);
  });

  it('lets one of many concurrent attempts through and answers the others 409', async () => {
    const id = await newItem('submitted');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () => runGuardedTransition(ctx, admin, step(id, 'approve'))),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'INVALID_STATE' });
    }
    expect(await historyOf(id)).toHaveLength(1);
  });
});
