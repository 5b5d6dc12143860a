import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QS_REMARK_ACTIONS, type BudgetAction } from '@trowel/shared/budgets/budget.machine.ts';
import type { BudgetAnswer } from '@trowel/shared/budgets/budget.schemas.ts';
import type { OkMessage } from '@trowel/shared/http/envelope.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

/** POST /budgets/{id}/<action> with the reviewer's remarks (qsRemarks for the QS's steps). */
export async function takeBudgetStep(id: string, action: BudgetAction, remarks: string) {
  const body = remarks.trim()
    ? QS_REMARK_ACTIONS.includes(action)
      ? { qsRemarks: remarks.trim() }
      : { remarks: remarks.trim() }
    : {};
  const { budget } = await api.post<BudgetAnswer>(`/budgets/${encodeURIComponent(id)}/${action}`, body);
  return budget;
}

export function useBudgetStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, remarks }: { id: string; action: BudgetAction; remarks: string }) =>
      takeBudgetStep(id, action, remarks),
    onSettled: () => invalidateAll(queryClient, staleAfter.budget()),
  });
}

export function useDeleteBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<OkMessage>(`/budgets/${encodeURIComponent(id)}`),
    onSettled: () => invalidateAll(queryClient, staleAfter.budget()),
  });
}

export function useDeleteBudgetDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, attachmentId }: { id: string; attachmentId: string }) =>
      api.delete<BudgetAnswer>(
        `/budgets/${encodeURIComponent(id)}/attachments/${encodeURIComponent(attachmentId)}`,
      ),
    onSettled: () => invalidateAll(queryClient, staleAfter.budget()),
  });
}
