import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentTotalsOf, projectPaymentSums } from '../../db/project-payments.ts';
import {
  changeOrders,
  projectFinancials,
  projectInstallments,
  projects,
  type ProjectFinancialsRow,
  type ProjectInstallmentRow,
} from '../../db/schema.ts';

export interface NewInstallment {
  id: string;
  amountKobo: number;
  dueDate: string;
  status: 'pending' | 'paid';
}

/** The only code that touches project financials and their installments. */
export function financialsRepository(db: Db) {
  return {
    async find(projectId: string): Promise<{
      financials: ProjectFinancialsRow;
      installments: ProjectInstallmentRow[];
      /** The project's approved change orders, added up. */
      variationsKobo: number;
    } | null> {
      const [financials] = await db
        .select()
        .from(projectFinancials)
        .where(eq(projectFinancials.projectId, projectId))
        .limit(1);
      if (!financials) return null;
      const [installments, [variations]] = await Promise.all([
        db
          .select()
          .from(projectInstallments)
          .where(eq(projectInstallments.projectId, projectId))
          .orderBy(asc(projectInstallments.position)),
        db
          .select({ kobo: sql<string | null>`sum(${changeOrders.totalKobo})` })
          .from(changeOrders)
          .where(and(eq(changeOrders.projectId, projectId), eq(changeOrders.status, 'approved'))),
      ]);
      return { financials, installments, variationsKobo: Number(variations?.kobo ?? 0) };
    },
    /** Whether the project's financials (its contract value) were recorded. */
    async isRecorded(projectId: string) {
      const [row] = await db
        .select({ projectId: projectFinancials.projectId })
        .from(projectFinancials)
        .where(eq(projectFinancials.projectId, projectId))
        .limit(1);
      return Boolean(row);
    },
    /**
     * Makes sure the project has financials to add to (a change order sent before its project's value
     * was required, approved now, starts them at ₦0), in the caller's transaction.
     */
    async ensureRecorded(projectId: string, updatedBy: string) {
      await db
        .insert(projectFinancials)
        .values({ projectId, totalValueKobo: 0, initialPaymentKobo: 0, updatedBy })
        .onConflictDoNothing({ target: projectFinancials.projectId });
    },
    /** Adds a pending installment after the project's others, in the caller's transaction. */
    async appendInstallment(projectId: string, installment: { amountKobo: number; dueDate: string }) {
      await db.insert(projectInstallments).values({
        projectId,
        amountKobo: installment.amountKobo,
        dueDate: installment.dueDate,
        status: 'pending',
        position: sql`(select coalesce(max(${projectInstallments.position}) + 1, 0) from ${projectInstallments} where ${projectInstallments.projectId} = ${projectId})`,
      });
      await db
        .update(projectFinancials)
        .set({ updatedAt: sql`now()` })
        .where(eq(projectFinancials.projectId, projectId));
    },

    /** Writes the figures and replaces the installments, in the caller's transaction. */
    async save(
      projectId: string,
      values: { totalValueKobo: number; initialPaymentKobo: number; updatedBy: string },
      installments: readonly NewInstallment[],
    ) {
      await db
        .insert(projectFinancials)
        .values({ projectId, ...values })
        .onConflictDoUpdate({
          target: projectFinancials.projectId,
          set: { ...values, updatedAt: sql`now()` },
        });
      await db.delete(projectInstallments).where(eq(projectInstallments.projectId, projectId));
      // None recorded yet is possible: financials started by an approved change order without one.
      if (installments.length === 0) return;
      await db
        .insert(projectInstallments)
        .values(installments.map((installment, position) => ({ ...installment, projectId, position })));
    },

    /**
     * A client's payment totals over their projects whose financials are recorded (null when none
     * are): the value, the initial payments and the paid installments, for the shared payment rule.
     */
    async clientTotals(clientId: string) {
      const [row] = await db.select(projectPaymentSums).from(projects).where(eq(projects.clientId, clientId));
      return row ? paymentTotalsOf(row) : null;
    },
  };
}

export type FinancialsRepository = ReturnType<typeof financialsRepository>;
