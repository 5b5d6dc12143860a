import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/raw.ts';
import { notFound } from '../http/app-error.ts';
import { takeStep } from './engine.ts';
import { itemStep, workflowTestBed, type ItemStatus, type TestRepos } from '../../test/workflow-test-bed.ts';
import type { TestUser } from '../../test/harness.ts';

interface Item {
  id: string;
  status: ItemStatus;
  version: string;
}

const { bed, newItem, statusOf, historyOf, expectSubmitted, expectRefusals } =
  workflowTestBed('guarded_items');

const readItem = async (db: Db, id: string, lock = false) =>
  (
    await queryRows<Item>(
      db,
      sql`select id, status, xmin::text as version from guarded_items where id = ${id} ${lock ? sql`for update` : sql``}`,
    )
  )[0] ?? null;

/** The test's table for guarded steps. */
const itemsTable = {
  name: 'guarded_items',
  update: (steps: SQL) => sql`update guarded_items g set status = s.to_status
    from ${steps} s where g.id = s.id and g.xmin = s.version returning g.id`,
};

/** The transaction that wrote each history row of these items, by item. */
const writersOf = async (ids: readonly string[]) =>
  (
    await queryRows<{ writer: string }>(
      bed.server.ctx.db,
      sql`select xmin::text as writer from status_history where entity_id = any(${`{${ids.join(',')}}`}::uuid[])`,
    )
  ).map((row) => row.writer);

/** A wait that ends for all its callers once `count` of them are waiting. */
function gate(count: number) {
  let open: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let waiting = 0;
  return () => {
    waiting += 1;
    if (waiting === count) open();
    return opened;
  };
}

/** Bumps the row's version without changing what it says, as a concurrent edit would. */
const touch = (id: string) =>
  bed.server.ctx.db.execute(sql`update guarded_items set status = status where id = ${id}`);

interface StepOptions {
  /** Runs after each read, before the change is sent (a change by someone else in between). */
  afterRead?: (attempt: number) => PromiseLike<unknown>;
  projectId?: string;
  /** The step's other values, as its statement is about to be sent. */
  fields?: () => Record<string, unknown>;
  /** The object checks of a row in hand. */
  check?: (row: Item) => Item;
}

function step(actor: TestUser, id: string, action: 'submit' | 'approve', options: StepOptions = {}) {
  const calls = { reads: 0, locks: 0 };
  return {
    calls,
    ...itemStep(actor, id, action),
    compareAndSet: {
      read: async () => {
        const row = await readItem(bed.server.ctx.db, id);
        calls.reads += 1;
        await options.afterRead?.(calls.reads);
        return row;
      },
      table: itemsTable,
      fields: options.fields ?? (() => ({})),
      check: options.check ?? ((row: Item) => row),
    },
    lock: async (repos: object) => {
      calls.locks += 1;
      return readItem((repos as TestRepos).tx, id, true);
    },
    apply: async (repos: object, row: Item, next: ItemStatus) => {
      await (repos as TestRepos).tx.execute(
        sql`update guarded_items set status = ${next} where id = ${row.id}`,
      );
    },
    notify: () => [
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

describe('takeStep as a compare-and-set', () => {
  it('moves the status with its history and its notification in one statement', async () => {
    const id = await newItem();
    const taken = step(bed.qs, id, 'submit');
    const result = await takeStep(bed.ctx, taken);
    expect(result).toMatchObject({ from: 'draft', to: 'submitted', changed: { id } });
    expect(result.history).toMatchObject({ action: 'submit', fromStatus: 'draft', toStatus: 'submitted' });
    expect(taken.calls).toEqual({ reads: 1, locks: 0 });
    await expectSubmitted(id);
  });

  it('publishes its invalidation once after the statement commits, and wakes the worker for its notices', async () => {
    const published: unknown[] = [];
    let woken = 0;
    const ctx = {
      ...bed.ctx,
      invalidate: async (event: unknown) => void published.push(event),
      wakeWorker: () => void (woken += 1),
    };
    const taken = {
      ...step(bed.qs, await newItem(), 'submit'),
      invalidates: () => ({ kind: 'budgets' as const }),
    };
    await expect(takeStep(ctx, taken)).resolves.toMatchObject({ to: 'submitted' });
    expect({ published, woken }).toEqual({ published: [{ kind: 'budgets' }], woken: 1 });
  });

  it('refuses with 403, 409 and 404 as the table says, changing nothing', () =>
    expectRefusals((actor, id, action) => takeStep(bed.ctx, step(actor, id, action))));

  it('writes nothing when a part of the statement fails', async () => {
    const id = await newItem();
    // A notification about a project that does not exist breaks its foreign key.
    const failing = step(bed.qs, id, 'submit', { projectId: '00000000-0000-4000-8000-000000000000' });
    await expect(takeStep(bed.ctx, failing)).rejects.toThrow();
    expect(await statusOf(id)).toBe('draft');
    expect(await historyOf(id)).toEqual([]);
  });

  it('reads the row again when it changed after the read, and decides on what it is now', async () => {
    const id = await newItem('submitted');
    const again = step(bed.admin, id, 'approve', {
      afterRead: (attempt) => (attempt === 1 ? touch(id) : Promise.resolve()),
    });
    await expect(takeStep(bed.ctx, again)).resolves.toMatchObject({ to: 'approved' });
    expect(again.calls).toEqual({ reads: 2, locks: 0 });

    const other = await newItem('submitted');
    const overtaken = step(bed.admin, other, 'approve', {
      afterRead: async (attempt) => {
        if (attempt === 1)
          await bed.server.ctx.db.execute(
            sql`update guarded_items set status = 'approved' where id = ${other}`,
          );
      },
    });
    await expect(takeStep(bed.ctx, overtaken)).rejects.toMatchObject({
      code: 'INVALID_STATE',
    });
    expect(await historyOf(other)).toEqual([]);
  });

  it('takes the step on a locked row when the row keeps changing under the reads', async () => {
    const id = await newItem('submitted');
    const busy = step(bed.admin, id, 'approve', { afterRead: () => touch(id) });
    const result = await takeStep(bed.ctx, busy);
    expect(result).toMatchObject({ to: 'approved', changed: null });
    expect(busy.calls).toEqual({ reads: 3, locks: 1 });
    expect(await statusOf(id)).toBe('approved');
    expect(await historyOf(id)).toHaveLength(1);
  });

  it('lets one of many concurrent attempts through and answers the others 409', async () => {
    const id = await newItem('submitted');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () => takeStep(bed.ctx, step(bed.admin, id, 'approve'))),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'INVALID_STATE' });
    }
    expect(await historyOf(id)).toHaveLength(1);
  });

  it('has a step wait for the one being taken on the same row here, and refuse it on the row it left', async () => {
    const id = await newItem('submitted');
    let changes = 0;
    const steps = Array.from({ length: 8 }, () =>
      step(bed.admin, id, 'approve', {
        fields: () => {
          changes += 1;
          return {};
        },
      }),
    );
    const outcomes = await Promise.allSettled(steps.map((taken) => takeStep(bed.ctx, taken)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.slice(1)) {
      expect(outcome).toMatchObject({ status: 'rejected', reason: { code: 'INVALID_STATE' } });
    }
    // Only the first read the row and sent a change: the others came before it was sent, and were
    // refused on the row it left.
    expect(steps.map((taken) => taken.calls.reads)).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(changes).toBe(1);
    expect(await historyOf(id)).toHaveLength(1);
  });

  it('applies the object checks to the row the earlier step left: 404 for someone who may not see it', async () => {
    const id = await newItem('submitted');
    const hidden = step(bed.admin, id, 'approve', {
      check: (): Item => {
        throw notFound('Item');
      },
    });
    const [first, second] = await Promise.allSettled([
      takeStep(bed.ctx, step(bed.admin, id, 'approve')),
      takeStep(bed.ctx, hidden),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(second).toMatchObject({ status: 'rejected', reason: { code: 'NOT_FOUND' } });
    expect(hidden.calls.reads).toBe(0);
  });

  it('reads the row for a step that may follow the earlier one, and takes it', async () => {
    const id = await newItem('draft');
    const approve = step(bed.admin, id, 'approve');
    const [submitted, approved] = await Promise.all([
      takeStep(bed.ctx, step(bed.qs, id, 'submit')),
      takeStep(bed.ctx, approve),
    ]);
    expect(submitted.to).toBe('submitted');
    expect(approved).toMatchObject({ from: 'submitted', to: 'approved' });
    expect(approve.calls.reads).toBe(1);
    expect((await historyOf(id)).map((entry) => entry.action)).toEqual(['submit', 'approve']);
  });

  it('reads the row for a step that came after the earlier change was sent', async () => {
    const id = await newItem('submitted');
    const late = step(bed.admin, id, 'approve');
    let lateStep: Promise<unknown> | undefined;
    const first = step(bed.admin, id, 'approve', {
      fields: () => {
        // The first's change is being sent: a step coming now cannot rely on it.
        lateStep = takeStep(bed.ctx, late);
        return {};
      },
    });
    await takeStep(bed.ctx, first);
    await expect(lateStep).rejects.toMatchObject({ code: 'INVALID_STATE' });
    expect(late.calls.reads).toBe(1);
  });

  it('writes the steps decided together on different rows in one statement, each with its own history', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => newItem('submitted')));
    // The reads finish together, as the batched reads of a burst do.
    const allRead = gate(ids.length);
    const results = await Promise.all(
      ids.map((id) => takeStep(bed.ctx, step(bed.admin, id, 'approve', { afterRead: allRead }))),
    );
    expect(results.map((result) => result.history.entityId)).toEqual(ids);
    // Each step gets the row it changed, paired with its history row.
    expect(results.map((result) => result.changed?.id)).toEqual(ids);
    for (const id of ids) expect(await statusOf(id)).toBe('approved');
    // One transaction wrote every history row.
    expect(new Set(await writersOf(ids)).size).toBe(1);
  });

  it('fails only the step whose part fails when steps are written together', async () => {
    const ids = await Promise.all(Array.from({ length: 4 }, () => newItem('submitted')));
    const allRead = gate(ids.length);
    const outcomes = await Promise.allSettled(
      ids.map((id, index) =>
        takeStep(
          bed.ctx,
          step(bed.admin, id, 'approve', {
            afterRead: allRead,
            ...(index === 1 ? { projectId: '00000000-0000-4000-8000-000000000000' } : {}),
          }),
        ),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(await statusOf(ids[1]!)).toBe('submitted');
    expect(await historyOf(ids[1]!)).toEqual([]);
    for (const index of [0, 2, 3]) expect(await historyOf(ids[index]!)).toHaveLength(1);
  });
});
