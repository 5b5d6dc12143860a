import { and, asc, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ChangeOrderStatus } from '@trowel/shared/change-orders/change-order.machine.ts';
import type { Db } from '../../db/client.ts';
import {
  attachments,
  changeOrders,
  projects,
  users,
  type AttachmentRow,
  type ChangeOrderRow,
} from '../../db/schema.ts';

export type NewChangeOrder = Omit<typeof changeOrders.$inferInsert, 'id' | 'sequence' | 'status'>;

/** The fields an edit of a draft may change. */
export type ChangeOrderEdit = Partial<
  Pick<
    ChangeOrderRow,
    | 'description'
    | 'reason'
    | 'items'
    | 'totalKobo'
    | 'scheduleImpactDays'
    | 'internalNotes'
    | 'installmentAmountKobo'
    | 'installmentDueDate'
  >
>;

/** What a step writes beside the status. */
export type ChangeOrderStepFields = Partial<
  Pick<ChangeOrderRow, 'sentAt' | 'answeredBy' | 'answeredAt' | 'signedName' | 'declineReason'>
>;

/** A change order with what its answers and rules read of its project and people. */
export interface ChangeOrderWithProject extends ChangeOrderRow {
  projectTitle: string;
  projectLeadId: string | null;
  clientId: string | null;
  createdByName: string | null;
  createdByRole: string | null;
  answeredByName: string | null;
  answeredByRole: string | null;
}

const author = alias(users, 'author');
const answerer = alias(users, 'answerer');

const withProject = {
  order: changeOrders,
  projectTitle: projects.title,
  projectLeadId: projects.projectLeadId,
  clientId: projects.clientId,
  createdByName: author.name,
  createdByRole: author.role,
  answeredByName: answerer.name,
  answeredByRole: answerer.role,
};

type Joined = {
  order: ChangeOrderRow;
  projectTitle: string;
  projectLeadId: string | null;
  clientId: string | null;
  createdByName: string | null;
  createdByRole: string | null;
  answeredByName: string | null;
  answeredByRole: string | null;
};

const flatten = ({ order, ...rest }: Joined): ChangeOrderWithProject => ({ ...order, ...rest });

/** The only code that touches change orders. */
export function changeOrdersRepository(db: Db) {
  const joined = () =>
    db
      .select(withProject)
      .from(changeOrders)
      .innerJoin(projects, eq(projects.id, changeOrders.projectId))
      .leftJoin(author, eq(author.id, changeOrders.createdBy))
      .leftJoin(answerer, eq(answerer.id, changeOrders.answeredBy));

  return {
    /** A new draft, numbered after the project's last one; the caller holds the project's lock. */
    async insert(values: NewChangeOrder): Promise<ChangeOrderRow> {
      const [row] = await db
        .insert(changeOrders)
        .values({
          ...values,
          status: 'draft',
          sequence: sql`(select coalesce(max(${changeOrders.sequence}), 0) + 1 from ${changeOrders} where ${changeOrders.projectId} = ${values.projectId})`,
        })
        .returning();
      return row!;
    },

    async find(id: string): Promise<ChangeOrderWithProject | null> {
      const [row] = await joined().where(eq(changeOrders.id, id)).limit(1);
      return row ? flatten(row) : null;
    },

    /** The change order locked for the rest of the transaction (select … for update of its row). */
    async lock(id: string): Promise<ChangeOrderWithProject | null> {
      const [row] = await joined()
        .where(eq(changeOrders.id, id))
        .for('update', { of: changeOrders })
        .limit(1);
      return row ? flatten(row) : null;
    },

    /** An edit of the draft's fields; answers the row as saved. */
    async update(id: string, edit: ChangeOrderEdit): Promise<ChangeOrderRow> {
      const [row] = await db
        .update(changeOrders)
        .set({ ...edit, updatedAt: sql`now()` })
        .where(eq(changeOrders.id, id))
        .returning();
      return row!;
    },

    /** The engine's write of a step: the status and what the step records beside it. */
    async setStatus(id: string, status: ChangeOrderStatus, fields: ChangeOrderStepFields = {}) {
      const [row] = await db
        .update(changeOrders)
        .set({ ...fields, status, updatedAt: sql`now()` })
        .where(eq(changeOrders.id, id))
        .returning();
      return row!;
    },

    /**
     * A page of a project's change orders, newest first, with the count; `sentOnly` for the client
     * (what was never sent is not theirs to see).
     */
    async listForProject(
      projectId: string,
      options: { sentOnly: boolean; status?: ChangeOrderStatus; page: number; limit: number },
    ) {
      const where: SQL | undefined = and(
        eq(changeOrders.projectId, projectId),
        options.sentOnly ? isNotNull(changeOrders.sentAt) : undefined,
        options.status ? eq(changeOrders.status, options.status) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        joined()
          .where(where)
          .orderBy(desc(changeOrders.createdAt), desc(changeOrders.id))
          .limit(options.limit)
          .offset((options.page - 1) * options.limit),
        db.select({ count: count() }).from(changeOrders).where(where),
      ]);
      return { rows: rows.map(flatten), total: total?.count ?? 0 };
    },

    /** The files of these change orders, in the order they were chosen, by change order. */
    async files(ids: readonly string[]): Promise<Map<string, AttachmentRow[]>> {
      const byOrder = new Map<string, AttachmentRow[]>();
      if (ids.length === 0) return byOrder;
      const rows = await db
        .select()
        .from(attachments)
        .where(inArray(attachments.changeOrderId, [...ids]))
        .orderBy(asc(attachments.createdAt), asc(attachments.position));
      for (const row of rows) {
        const list = byOrder.get(row.changeOrderId!) ?? [];
        list.push(row);
        byOrder.set(row.changeOrderId!, list);
      }
      return byOrder;
    },
  };
}

export type ChangeOrdersRepository = ReturnType<typeof changeOrdersRepository>;
