import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/raw.ts';
import { runTransition } from './transition.ts';
import {
  itemMachine,
  workflowTestBed,
  type ItemStatus,
  type TestRepos,
} from '../../test/workflow-test-bed.ts';

const { bed, newItem, statusOf, historyOf, expectSubmitted, expectRefusals } =
  workflowTestBed('workflow_items');

function step(id: string, action: 'submit' | 'approve', options: { failInNotify?: boolean } = {}) {
  return {
    machine: itemMachine,
    workflow: 'budget' as const,
    entityId: id,
    action,
    options: undefined,
    noun: 'Item',
    remarks: `${action} it`,
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

describe('runTransition', () => {
  it('moves the status, writes its history and its notification in one transaction', async () => {
    const id = await newItem();
    const result = await runTransition(bed.ctx, bed.qs, step(id, 'submit'));
    expect(result).toMatchObject({ from: 'draft', to: 'submitted' });
    await expectSubmitted(id);
  });

  it('refuses a role that never takes the action with 403 and a wrong state with 409, changing nothing', () =>
    expectRefusals((actor, id, action) => runTransition(bed.ctx, actor, step(id, action))));

  it('leaves no partial change when a later part of the step fails', async () => {
    const id = await newItem();
    await expect(runTransition(bed.ctx, bed.qs, step(id, 'submit', { failInNotify: true }))).rejects.toThrow(
      'notification store down',
    );
    expect(await statusOf(id)).toBe('draft');
    expect(await historyOf(id)).toEqual([]);
  });

  it('lets one of two concurrent attempts through and answers the other 409', async () => {
    const id = await newItem('submitted');
    const outcomes = await Promise.allSettled([
      runTransition(bed.ctx, bed.admin, step(id, 'approve')),
      runTransition(bed.ctx, bed.admin, step(id, 'approve')),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'INVALID_STATE' });
    expect(await historyOf(id)).toHaveLength(1);
  });
});
