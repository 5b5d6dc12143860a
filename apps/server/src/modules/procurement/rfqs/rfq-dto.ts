import type { AttachmentDto } from '@trowel/shared/files/attachment.schemas.ts';
import { RFQ_HISTORY_LABELS } from '@trowel/shared/procurement/rfq.machine.ts';
import type {
  RfqHistoryEntry,
  RfqItemDto,
  VendorResponseDto,
} from '@trowel/shared/procurement/rfq.schemas.ts';
import type { StatusHistoryEntry } from '@trowel/shared/workflow/history.schemas.ts';
import type {
  AttachmentRow,
  RfqItemRow,
  VendorResponseItemRow,
  VendorResponseRow,
} from '../../../db/schema.ts';
import { toAttachmentDto } from '../../../files/attachment-dto.ts';
import { groupBy } from '../../../lib/group-by.ts';

export const toItemDto = (row: RfqItemRow): RfqItemDto => ({
  id: row.id,
  name: row.name,
  description: row.description,
  quantity: Number(row.quantity),
  unit: row.unit,
});

/** One history row as the spec names it: action, user name, performedAt, description. */
export function toHistoryDto(entry: StatusHistoryEntry): RfqHistoryEntry {
  const label = RFQ_HISTORY_LABELS[entry.action] ?? entry.action;
  return {
    id: entry.id,
    action: entry.action,
    user: entry.actor ? { name: entry.actor.name } : null,
    performedAt: entry.createdAt,
    description: entry.remarks ? `${label}: ${entry.remarks}` : label,
    fromStatus: entry.fromStatus,
    toStatus: entry.toStatus,
  };
}

export interface ResponseWithVendor {
  response: VendorResponseRow;
  vendorName: string;
  vendorEmail: string;
}

/**
 * Quotes with their lines and files; `dueDate` marks those submitted after it as late. A sealed bid
 * (its RFQ not opened yet) carries no total and no lines: who bid and when only.
 */
export function toResponseDtos(
  responses: readonly ResponseWithVendor[],
  lines: readonly VendorResponseItemRow[],
  files: readonly AttachmentRow[],
  items: readonly RfqItemRow[],
  dueDate: string | null,
  secret: string,
): VendorResponseDto[] {
  const linesOf = groupBy(lines, (line) => line.responseId);
  const filesOf = groupBy(files, (file) => file.vendorResponseId);
  const itemById = new Map(items.map((item) => [item.id, item]));
  return responses.map(({ response, vendorName, vendorEmail }) => ({
    id: response.id,
    vendorId: response.vendorId,
    vendor: { id: response.vendorId, name: vendorName, email: vendorEmail },
    totalAmount: response.sealedBid === null ? Number(response.totalAmount) : null,
    submittedAt: response.submittedAt.toISOString(),
    updatedAt: response.updatedAt.toISOString(),
    status: response.status,
    notes: response.notes,
    isLate: isLate(response.submittedAt, dueDate),
    attachments: (filesOf.get(response.id) ?? []).map((file) => toAttachmentDto(file, secret)),
    // In the RFQ's order of items (sorted before the answer is built: dropping a field of each line
    // by rest and spread afterwards costs some thirty times as much).
    items: (linesOf.get(response.id) ?? [])
      .map((line) => ({ line, item: itemById.get(line.itemId) }))
      .sort((a, b) => (a.item?.position ?? 0) - (b.item?.position ?? 0))
      .map(({ line, item }) => ({
        itemId: line.itemId,
        item: {
          name: item?.name ?? 'Unknown Item',
          description: item?.description ?? '',
          quantity: Number(item?.quantity ?? 0),
          unit: item?.unit ?? '',
        },
        unitPrice: Number(line.unitPrice),
        totalPrice: Number(line.totalPrice),
        notes: line.notes,
      })),
  }));
}

/** A quote is late when it came after the end of the RFQ's due date (Lagos time). */
export function isLate(submittedAt: Date, dueDate: string | null): boolean {
  if (!dueDate) return false;
  return submittedAt.getTime() >= new Date(`${dueDate}T00:00:00+01:00`).getTime() + 24 * 3600 * 1000;
}

export const toFileDtos = (rows: readonly AttachmentRow[], secret: string): AttachmentDto[] =>
  rows.map((row) => toAttachmentDto(row, secret));
