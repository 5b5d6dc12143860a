import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeOrderAnswer,
  ChangeOrderDto,
  CreateChangeOrderFields,
} from '@trowel/shared/change-orders/change-order.schemas.ts';
import { api, uploadWithProgress } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

/** A change order as POST /projects/{id}/change-orders reads it, and the files chosen on the form. */
export type ChangeOrderDraft = CreateChangeOrderFields & { files: File[] };

/** Adds files to a draft (PUT, multipart); the draft as saved. */
async function addFiles(id: string, files: readonly File[]): Promise<ChangeOrderDto> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const path = `/change-orders/${encodeURIComponent(id)}`;
  return (await uploadWithProgress<ChangeOrderAnswer>(path, form, { method: 'PUT' })).changeOrder;
}

/**
 * Drafts a change order: the fields first (JSON), then its files added to the draft (PUT, multipart),
 * so a failed upload leaves the draft saved to try the files again.
 */
async function createChangeOrder(projectId: string, { files, ...fields }: ChangeOrderDraft) {
  const { changeOrder } = await api.post<ChangeOrderAnswer>(
    `/projects/${encodeURIComponent(projectId)}/change-orders`,
    fields,
  );
  return files.length === 0 ? changeOrder : addFiles(changeOrder.id, files);
}

/** Saves an edit of a draft (every field sent; `installment: null` removes it), then adds its new files. */
async function updateChangeOrder(id: string, { files, ...fields }: ChangeOrderDraft) {
  const { changeOrder } = await api.put<ChangeOrderAnswer>(
    `/change-orders/${encodeURIComponent(id)}`,
    fields,
  );
  return files.length === 0 ? changeOrder : addFiles(id, files);
}

/** Drafts a change order on the project, with its files. */
export function useCreateChangeOrder(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: ChangeOrderDraft) => createChangeOrder(projectId, draft),
    onSettled: () => invalidateAll(queryClient, staleAfter.changeOrder(projectId)),
  });
}

/** Saves an edit of a draft, with its new files. */
export function useUpdateChangeOrder(projectId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: ChangeOrderDraft) => updateChangeOrder(id, draft),
    onSettled: () => invalidateAll(queryClient, staleAfter.changeOrder(projectId)),
  });
}
