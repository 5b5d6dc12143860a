import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateRfqValues, RfqAnswer } from '@trowel/shared/procurement/rfq.schemas.ts';
import { uploadWithProgress } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

/** A new RFQ as the shared schema reads it, and its files. */
export type NewRfq = CreateRfqValues & { attachments: File[] };

/** POST /rfqs as multipart: items and vendorIds as JSON text, files under 'attachments'. */
export function createRfq(rfq: NewRfq, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.set('title', rfq.title);
  form.set('description', rfq.description);
  form.set('projectId', rfq.projectId ?? 'null');
  if (rfq.dueDate) form.set('dueDate', rfq.dueDate);
  form.set('costCategory', rfq.costCategory);
  if (rfq.sealed && rfq.bidDeadline) {
    form.set('sealed', 'true');
    form.set('bidDeadline', rfq.bidDeadline);
  }
  form.set('items', JSON.stringify(rfq.items));
  form.set('vendorIds', JSON.stringify(rfq.vendorIds));
  for (const file of rfq.attachments) form.append('attachments', file);
  return uploadWithProgress<RfqAnswer>('/rfqs', form, { onProgress });
}

export function useCreateRfq(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rfq: NewRfq) => createRfq(rfq, onProgress),
    onSuccess: () => invalidateAll(queryClient, staleAfter.procurement()),
  });
}
