import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/raw.ts';
import { takeStep } from './engine.ts';
import {
  itemMachine,
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
    machine: itemMachine,
    id,
    action,
    actor,
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
