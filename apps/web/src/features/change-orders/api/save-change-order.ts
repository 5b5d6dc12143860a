import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeOrderAnswer,
  CreateChangeOrderFields,
} from '@trowel/shared/change-orders/change-order.schemas.ts';
import { api, uploadWithProgress } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

/** A change order as POST /projects/{id}/change-orders reads it, and the files chosen on the form. */
export type ChangeOrderDraft = CreateChangeOrderFields & { files: File[] };

/**
 * Drafts a change order: the fields first (JSON), then its files added to the draft (PUT, multipart),
 * so a failed upload leaves the draft saved to try the files again.
 */
async function createChangeOrder(projectId: string, { files, ...fields }: ChangeOrderDraft) {
  const { changeOrder } = await api.post<ChangeOrderAnswer>(
    `/projects/${encodeURIComponent(projectId)}/change-orders`,
    fields,
  );
  if (files.length === 0) return changeOrder;
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return (
    await uploadWithProgress<ChangeOrderAnswer>(
      `/change-orders/${encodeURIComponent(changeOrder.id)}`,
      form,
      {
        method: 'PUT',
      },
    )
  ).changeOrder;
}

/** Drafts a change order on the project, with its files. */
export function useCreateChangeOrder(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: ChangeOrderDraft) => createChangeOrder(projectId, draft),
    onSettled: () => invalidateAll(queryClient, staleAfter.changeOrder(projectId)),
  });
}
