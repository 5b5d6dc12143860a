import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/raw.ts';
import type { Invalidation } from '../cache/invalidation-bus.ts';
import type { PlatformContext as AppContext } from '../platform.ts';
import { inWorkflow, takeStep } from './engine.ts';
import { reactionTo } from './workflow-transaction.ts';
import {
  itemMachine,
  itemStep,
  workflowTestBed,
  type ItemStatus,
  type TestRepos,
} from '../../test/workflow-test-bed.ts';
import type { TestUser } from '../../test/harness.ts';

const { bed, newItem, statusOf, historyOf, expectSubmitted, expectRefusals } =
  workflowTestBed('workflow_items');

function step(
  actor: TestUser,
  id: string,
  action: 'submit' | 'approve',
  options: { failInNotify?: boolean } = {},
) {
  return {
    ...itemStep(actor, id, action),
    lock: async (repos: object) =>
      (
        await queryRows<{ id: string; status: ItemStatus }>(
          (repos as TestRepos).tx,
          sql`select id, status from workflow_items where id = ${id} for update`,
        )
      )[0] ?? null,
    apply: async (repos: object, _row: unknown, next: ItemStatus) => {
      await (repos as TestRepos).tx.execute(sql`update workflow_items set status = ${next} where id = ${id}`);
    },
    notify: () => {
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

describe('takeStep under the row lock', () => {
  it('moves the status, writes its history and its notification in one transaction', async () => {
    const id = await newItem();
    const result = await takeStep(bed.ctx, step(bed.qs, id, 'submit'));
    expect(result).toMatchObject({ from: 'draft', to: 'submitted' });
    await expectSubmitted(id);
  });

  it('refuses a role that never takes the action with 403 and a wrong state with 409, changing nothing', () =>
    expectRefusals((actor, id, action) => takeStep(bed.ctx, step(actor, id, action))));

  it('leaves no partial change when a later part of the step fails', async () => {
    const id = await newItem();
    await expect(takeStep(bed.ctx, step(bed.qs, id, 'submit', { failInNotify: true }))).rejects.toThrow(
      'notification store down',
    );
    expect(await statusOf(id)).toBe('draft');
    expect(await historyOf(id)).toEqual([]);
  });

  it('lets one of two concurrent attempts through and answers the other 409', async () => {
    const id = await newItem('submitted');
    const outcomes = await Promise.allSettled([
      takeStep(bed.ctx, step(bed.admin, id, 'approve')),
      takeStep(bed.ctx, step(bed.admin, id, 'approve')),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'INVALID_STATE' });
    expect(await historyOf(id)).toHaveLength(1);
  });
});

/** The test bed's context, counting what it publishes and how often it wakes the worker. */
function watched(extra: Partial<AppContext> = {}) {
  const seen = { published: [] as Invalidation[], woken: 0 };
  const ctx: AppContext = {
    ...bed.ctx,
    invalidate: (event) => {
      seen.published.push(event);
      return bed.ctx.invalidate(event);
    },
    wakeWorker: () => {
      seen.woken += 1;
    },
    ...extra,
  };
  return { ctx, seen };
}

describe('what a step does after it commits', () => {
  it('publishes its invalidation once and wakes the worker once', async () => {
    const { ctx, seen } = watched();
    await takeStep(ctx, { ...step(bed.qs, await newItem(), 'submit'), invalidates: { kind: 'budgets' } });
    expect(seen).toEqual({ published: [{ kind: 'budgets' }], woken: 1 });
  });

  it('publishes nothing and wakes no one when the step is refused', async () => {
    const { ctx, seen } = watched();
    await expect(takeStep(ctx, step(bed.admin, await newItem(), 'approve'))).rejects.toMatchObject({
      code: 'INVALID_STATE',
    });
    expect(seen).toEqual({ published: [], woken: 0 });
  });

  it('publishes what a whole transaction made stale once, in the fewest kinds that cover it', async () => {
    const { ctx, seen } = watched();
    const id = await newItem();
    await inWorkflow(ctx, async (tx) => {
      await tx.create({ machine: itemMachine, id, status: 'draft', actor: bed.qs, remarks: 'new' });
      await tx.record({ machine: itemMachine, id, event: 'edit', status: 'draft', actor: bed.qs });
      await tx.step({ ...step(bed.qs, id, 'submit'), invalidates: { kind: 'stores' } });
      tx.invalidate({ kind: 'budgets' });
    });
    expect(seen).toEqual({ published: [{ kind: 'stores' }], woken: 1 });
    expect((await historyOf(id)).map((entry) => [entry.action, entry.fromStatus, entry.toStatus])).toEqual([
      ['create', null, 'draft'],
      ['edit', 'draft', 'draft'],
      ['submit', 'draft', 'submitted'],
    ]);
  });

  it('refuses a creation or a record in a status the machine does not have', async () => {
    const id = await newItem();
    await expect(
      inWorkflow(bed.ctx, (tx) =>
        tx.create({ machine: itemMachine, id, status: 'lost' as ItemStatus, actor: bed.qs }),
      ),
    ).rejects.toThrow('budget has no status lost');
    expect(await historyOf(id)).toEqual([]);
  });

  it("runs the reactions to the workflow's steps in the step's transaction", async () => {
    const reacted: string[] = [];
    const { ctx } = watched({
      workflowReactions: [
        reactionTo(itemMachine, async (tx, taken) => {
          reacted.push(`${taken.action} ${taken.from} → ${taken.to}`);
          await tx.notify(taken.actor, [
            { type: 'budget', title: 'Item submitted', message: 'Reacted', recipientRoles: ['admin'] },
          ]);
          if (taken.to === 'approved') throw new Error('no approvals today');
        }),
      ],
    });
    const id = await newItem();
    await takeStep(ctx, step(bed.qs, id, 'submit'));
    await expect(takeStep(ctx, step(bed.admin, id, 'approve'))).rejects.toThrow('no approvals today');
    expect(reacted).toEqual(['submit draft → submitted', 'approve submitted → approved']);
    // The reaction's failure undid the step.
    expect(await statusOf(id)).toBe('submitted');
    expect(await historyOf(id)).toHaveLength(1);
  });
});
