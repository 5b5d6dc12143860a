import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineMachine } from '@trowel/shared/workflow/machine.ts';
import { startTestServer, type TestServer, type TestUser } from '../../test/harness.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/raw.ts';
import { runTransition } from './transition.ts';

// A small workflow over a table of its own, standing in for the budget, request and RFQ machines.
const machine = defineMachine({
  name: 'budget',
  states: ['draft', 'submitted', 'approved'],
  rules: {
    submit: { from: ['draft'], to: 'submitted', roles: ['quantity_surveyor', 'admin'] },
    approve: { from: ['submitted'], to: 'approved', roles: ['admin'] },
  },
});
type Status = (typeof machine.states)[number];

let server: TestServer;
let admin: TestUser, qs: TestUser, engineer: TestUser;
/** The repositories of a step's transaction, with the transaction, so the test's table is read in it. */
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
    sql`create table workflow_items (id uuid primary key default gen_random_uuid(), status text not null)`,
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
    sql`insert into workflow_items (status) values (${status}) returning id`,
  );
  return row!.id;
}

function step(id: string, action: 'submit' | 'approve', options: { failInNotify?: boolean } = {}) {
  return {
    machine,
    workflow: 'budget' as const,
    entityId: id,
    action,
    options: undefined,
    noun: 'Item',
    remarks: `${action} it`,
    lock: async (repos: object) =>
      (
        await queryRows<{ id: string; status: Status }>(
          (repos as TestRepos).tx,
          sql`select id, status from workflow_items where id = ${id} for update`,
        )
      )[0] ?? null,
    apply: async (repos: object, _row: unknown, next: Status) => {
      await (repos as TestRepos).tx.execute(sql`update workflow_items set status = ${next} where id = ${id}`);
    },
    notifications: () => {
      if (options.failInNotify) throw new Error('notification store down');
      return [
        {
          type: 'budget' as const,
          title: 'Item submitted',
          message: 'Review it',
          recipientRoles: ['admin'] as const,
        },
      ];
    },
  };
}

const statusOf = async (id: string) =>
  (
    await queryRows<{ status: string }>(
      server.ctx.db,
      sql`select status from workflow_items where id = ${id}`,
    )
  )[0]?.status;

describe('runTransition', () => {
  it('moves the status, writes its history and its notification in one transaction', async () => {
    const id = await newItem();
    const result = await runTransition(ctx, qs, step(id, 'submit'));
    expect(result).toMatchObject({ from: 'draft', to: 'submitted' });
    expect(await statusOf(id)).toBe('submitted');
    const history = await server.ctx.statusHistory.forEntity('budget', id);
    expect(history).toEqual([
      expect.objectContaining({
        action: 'submit',
        fromStatus: 'draft',
        toStatus: 'submitted',
        remarks: 'submit it',
        actor: { id: qs.id, name: qs.name, role: 'quantity_surveyor' },
      }),
    ]);
    const feed = (
      await server.app.inject({ method: 'GET', url: '/api/notifications', headers: admin.auth })
    ).json();
    expect(feed.notifications.map((item: { title: string }) => item.title)).toContain('Item submitted');
  });

  it('refuses a role that never takes the action with 403 and a wrong state with 409, changing nothing', async () => {
    const id = await newItem();
    await expect(runTransition(ctx, engineer, step(id, 'submit'))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(runTransition(ctx, admin, step(id, 'approve'))).rejects.toMatchObject({
      code: 'INVALID_STATE',
    });
    await expect(
      runTransition(ctx, admin, step('00000000-0000-4000-8000-000000000000', 'approve')),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await statusOf(id)).toBe('draft');
    expect(await server.ctx.statusHistory.forEntity('budget', id)).toEqual([]);
  });

  it('leaves no partial change when a later part of the step fails', async () => {
    const id = await newItem();
    await expect(runTransition(ctx, qs, step(id, 'submit', { failInNotify: true }))).rejects.toThrow(
      'notification store down',
    );
    expect(await statusOf(id)).toBe('draft');
    expect(await server.ctx.statusHistory.forEntity('budget', id)).toEqual([]);
  });

  it('lets one of two concurrent attempts through and answers the other 409', async () => {
    const id = await newItem('submitted');
    const outcomes = await Promise.allSettled([
      runTransition(ctx, admin, step(id, 'approve')),
      runTransition(ctx, admin, step(id, 'approve')),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'INVALID_STATE' });
    expect(await server.ctx.statusHistory.forEntity('budget', id)).toHaveLength(1);
  });
});
