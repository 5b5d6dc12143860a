import { isRole, type Role } from '@trowel/shared/auth/roles.ts';
import { fromKobo } from '@trowel/shared/money/kobo.ts';
import type { BudgetDto } from '@trowel/shared/budgets/budget.schemas.ts';
import type { StatusHistoryEntry } from '@trowel/shared/workflow/history.schemas.ts';
import { rowsFromJson } from '../../db/json-rows.ts';
import { statusHistory } from '../../db/schema.ts';
import { toAttachmentDto } from '../../files/attachment-dto.ts';
import type { BudgetWithParts, HistoryJson } from './budgets.repository.ts';

function historyEntry([json, actorId, actorName, actorRole]: HistoryJson): StatusHistoryEntry {
  const [entry] = rowsFromJson(statusHistory, [json]);
  return {
    id: entry!.id,
    action: entry!.action,
    fromStatus: entry!.fromStatus,
    toStatus: entry!.toStatus,
    remarks: entry!.remarks,
    actor:
      actorId && actorName && isRole(actorRole) ? { id: actorId, name: actorName, role: actorRole } : null,
    createdAt: entry!.createdAt.toISOString(),
  };
}

/** A budget as answers carry it: lines, documents with file tokens, and its history. */
export function toBudgetDto(row: BudgetWithParts, secret: string): BudgetDto {
  const author = { id: row.authorId, name: row.authorName, role: row.authorRole as Role };
  return {
    id: row.id,
    projectId: row.projectId,
    project: { id: row.projectId, title: row.projectTitle, projectLeadId: row.projectLeadId },
    items: row.lines.map((line) => ({
      id: line.id,
      description: line.description,
      quantity: Number(line.quantity),
      unitPrice: fromKobo(line.unitPriceKobo),
      notes: line.notes,
      category: line.category,
      total: fromKobo(line.totalKobo),
    })),
    totalAmount: fromKobo(row.totalKobo),
    remarks: row.remarks,
    qsRemarks: row.qsRemarks,
    attachments: row.documents.map((document) => toAttachmentDto(document, secret)),
    status: row.status,
    user: author,
    author,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    history: row.history.map(historyEntry),
  };
}
