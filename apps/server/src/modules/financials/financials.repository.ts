import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import {
  projectFinancials,
  projectInstallments,
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
    async find(
      projectId: string,
    ): Promise<{ financials: ProjectFinancialsRow; installments: ProjectInstallmentRow[] } | null> {
      const [financials] = await db
        .select()
        .from(projectFinancials)
        .where(eq(projectFinancials.projectId, projectId))
        .limit(1);
      if (!financials) return null;
      const installments = await db
        .select()
        .from(projectInstallments)
        .where(eq(projectInstallments.projectId, projectId))
        .orderBy(asc(projectInstallments.position));
      return { financials, installments };
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
      await db
        .insert(projectInstallments)
        .values(installments.map((installment, position) => ({ ...installment, projectId, position })));
    },

    /**
     * A client's dashboard figures over their projects: each project's value from its financials (the
     * project's value until they are recorded), and what was paid (initial payments and paid installments).
     */
    async clientTotals(clientId: string) {
      const [row] = await queryRows<{ value: string; paid: string }>(
        db,
        sql`select
          coalesce(sum(coalesce(f.total_value_kobo, round(p.budget * 100)::bigint)), 0) as value,
          coalesce(sum(f.initial_payment_kobo), 0)
            + coalesce((select sum(i.amount_kobo) from project_installments i
                join projects ip on ip.id = i.project_id
                where ip.client_id = ${clientId} and i.status = 'paid'), 0) as paid
        from projects p
        left join project_financials f on f.project_id = p.id
        where p.client_id = ${clientId}`,
      );
      return { valueKobo: Number(row?.value ?? 0), paidKobo: Number(row?.paid ?? 0) };
    },
  };
}

export type FinancialsRepository = ReturnType<typeof financialsRepository>;
