import type { Actor } from '@trowel/shared/auth/policy.ts';
import type { Role } from '@trowel/shared/auth/roles.ts';
import { seesChangeOrdersAsStaff } from '@trowel/shared/change-orders/change-order.policy.ts';
import { changeOrderNumber, type ChangeOrderDto } from '@trowel/shared/change-orders/change-order.schemas.ts';
import { fromKobo } from '@trowel/shared/money/kobo.ts';
import type { StatusHistoryEntry } from '@trowel/shared/workflow/history.schemas.ts';
import type { AttachmentRow } from '../../db/schema.ts';
import { toAttachmentDto } from '../../files/attachment-dto.ts';
import type { ChangeOrderWithProject } from './change-orders.repository.ts';

const person = (id: string | null, name: string | null, role: string | null) =>
  id && name && role ? { id, name, role: role as Role } : null;

/** A change order as answers carry it; internal notes only for the project's staff. */
export function toChangeOrderDto(
  row: ChangeOrderWithProject,
  parts: { files: readonly AttachmentRow[]; history: StatusHistoryEntry[] },
  actor: Actor,
  secret: string,
): ChangeOrderDto {
  const asStaff = seesChangeOrdersAsStaff(actor, row);
  return {
    id: row.id,
    projectId: row.projectId,
    project: { id: row.projectId, title: row.projectTitle },
    number: changeOrderNumber(row.sequence),
    description: row.description,
    reason: row.reason,
    items: row.items.map((line) => ({
      id: line.id,
      description: line.description,
      quantity: line.quantity,
      unit: line.unit,
      unitPrice: fromKobo(line.unitPriceKobo),
      total: fromKobo(line.totalKobo),
    })),
    totalAmount: fromKobo(row.totalKobo),
    scheduleImpactDays: row.scheduleImpactDays,
    installment:
      row.installmentAmountKobo !== null && row.installmentDueDate !== null
        ? { amount: fromKobo(row.installmentAmountKobo), dueDate: row.installmentDueDate }
        : null,
    internalNotes: asStaff ? row.internalNotes : null,
    status: row.status,
    attachments: parts.files.map((file) => toAttachmentDto(file, secret)),
    createdBy: person(row.createdBy, row.createdByName, row.createdByRole),
    sentAt: row.sentAt?.toISOString() ?? null,
    signedName: row.signedName,
    signedAt: row.status === 'approved' ? (row.answeredAt?.toISOString() ?? null) : null,
    answeredBy: person(row.answeredBy, row.answeredByName, row.answeredByRole),
    declineReason: row.declineReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    // The client reads what happened from the sending on; the drafting stays the staff's.
    history: asStaff ? parts.history : parts.history.filter((entry) => entry.toStatus !== 'draft'),
  };
}
