import { fromKobo } from '@trowel/shared/budgets/budget.money.ts';
import type { BudgetDto } from '@trowel/shared/budgets/budget.schemas.ts';
import type { Role } from '@trowel/shared/auth/roles.ts';
import type { Repositories } from '../../context.ts';
import { toAttachmentDto } from '../../files/attachment-dto.ts';
import { groupBy } from '../../lib/group-by.ts';
import type { BudgetWithRefs } from './budgets.repository.ts';

/** Budgets as answers carry them: lines, documents with file tokens, and their history, in three reads. */
export async function toBudgetDtos(
  repos: Pick<Repositories, 'budgets' | 'statusHistory'>,
  rows: readonly BudgetWithRefs[],
  secret: string,
): Promise<BudgetDto[]> {
  const ids = rows.map((row) => row.id);
  const [lines, documents, history] = await Promise.all([
    repos.budgets.linesOf(ids),
    repos.budgets.documentsOf(ids),
    repos.statusHistory.forEntities('budget', ids),
  ]);
  const linesOf = groupBy(lines, (line) => line.budgetId);
  const documentsOf = groupBy(documents, (document) => document.budgetId ?? '');
  return rows.map((row) => {
    const author = { id: row.authorId, name: row.authorName, role: row.authorRole as Role };
    return {
      id: row.id,
      projectId: row.projectId,
      project: { id: row.projectId, title: row.projectTitle, projectLeadId: row.projectLeadId },
      items: (linesOf.get(row.id) ?? []).map((line) => ({
        id: line.id,
        description: line.description,
        quantity: Number(line.quantity),
        unitPrice: fromKobo(line.unitPriceKobo),
        notes: line.notes,
        total: fromKobo(line.totalKobo),
      })),
      totalAmount: fromKobo(row.totalKobo),
      remarks: row.remarks,
      qsRemarks: row.qsRemarks,
      attachments: (documentsOf.get(row.id) ?? []).map((document) => toAttachmentDto(document, secret)),
      status: row.status,
      user: author,
      author,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      history: history.get(row.id) ?? [],
    };
  });
}
