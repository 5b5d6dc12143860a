import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BudgetAnswer, BudgetDto, BudgetLineInput } from '@trowel/shared/budgets/budget.schemas.ts';
import { api, uploadWithProgress } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

export interface BudgetDraft {
  projectId: string;
  items: Array<Omit<BudgetLineInput, 'notes'> & { notes: string }>;
  remarks: string;
  /** 'draft' keeps a new budget to its author until it is submitted. */
  status?: 'draft';
  /** Documents chosen on the form, uploaded once the budget is saved. */
  files: File[];
}

/** Why a save came back only half done: the budget saved, its documents did not. */
export class DocumentsNotSaved extends Error {
  constructor(
    readonly budget: BudgetDto,
    readonly reason: unknown,
  ) {
    super('The budget was saved, but its documents were not');
  }
}

/** POST /budgets/{id}/attachments with the chosen files. */
export async function uploadBudgetDocuments(budgetId: string, files: readonly File[]): Promise<BudgetDto> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const { budget } = await uploadWithProgress<BudgetAnswer>(
    `/budgets/${encodeURIComponent(budgetId)}/attachments`,
    form,
  );
  return budget;
}

/** Saves the budget first, then its documents: a failed upload leaves the budget saved (spec 2 §7). */
async function saveThenUpload(save: () => Promise<BudgetDto>, files: readonly File[]) {
  const budget = await save();
  if (files.length === 0) return budget;
  try {
    return await uploadBudgetDocuments(budget.id, files);
  } catch (error) {
    throw new DocumentsNotSaved(budget, error);
  }
}

/** Creates a budget (it enters the chain where its author stands), then uploads its documents. */
export function useCreateBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, ...draft }: BudgetDraft) =>
      saveThenUpload(async () => (await api.post<BudgetAnswer>('/budgets', draft)).budget, files),
    onSettled: () => invalidateAll(queryClient, staleAfter.budget()),
  });
}

/** Saves an edit (a lead's edit of a returned budget resubmits it), then uploads new documents. */
export function useUpdateBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, draft }: { id: string; draft: Omit<BudgetDraft, 'projectId'> }) => {
      const { files, ...body } = draft;
      return saveThenUpload(
        async () => (await api.put<BudgetAnswer>(`/budgets/${encodeURIComponent(id)}`, body)).budget,
        files,
      );
    },
    onSettled: () => invalidateAll(queryClient, staleAfter.budget()),
  });
}
