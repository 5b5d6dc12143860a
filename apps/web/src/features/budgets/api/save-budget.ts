import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BudgetAnswer, BudgetDto, CreateBudgetFields } from '@trowel/shared/budgets/budget.schemas.ts';
import { api, uploadWithProgress } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

/**
 * A budget as POST /budgets reads it (`status: 'draft'` keeps a new budget to its author until it is
 * submitted), and the documents chosen on the form, uploaded once the budget is saved.
 */
export type BudgetDraft = CreateBudgetFields & { files: File[] };

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

/** Uploads documents; a failure is kept, not thrown, so the budget's own save still happens. */
async function tryUpload(budgetId: string, files: readonly File[]) {
  if (files.length === 0) return null;
  try {
    await uploadBudgetDocuments(budgetId, files);
    return null;
  } catch (error) {
    return { error };
  }
}

/**
 * Creates a budget with its documents: saved first as a draft (which its author may add documents
 * to), then the documents, then submitted into the chain unless a draft was asked for. A failed
 * upload leaves the budget saved (and submitted) and is reported (spec 2 §7).
 */
async function createBudget({ files, status, ...fields }: BudgetDraft): Promise<BudgetDto> {
  const { budget } = await api.post<BudgetAnswer>('/budgets', { ...fields, status: 'draft' });
  const failed = await tryUpload(budget.id, files);
  const saved =
    status === 'draft'
      ? (await api.get<BudgetAnswer>(`/budgets/${encodeURIComponent(budget.id)}`)).budget
      : (await api.put<BudgetAnswer>(`/budgets/${encodeURIComponent(budget.id)}`, { status: 'resubmit' }))
          .budget;
  if (failed) throw new DocumentsNotSaved(saved, failed.error);
  return saved;
}

/**
 * Saves an edit: new documents first, while the budget is still the editor's to change (a lead's
 * edit of a returned budget resubmits it), then the fields. A failed upload is reported after.
 */
async function updateBudget(id: string, { files, ...body }: Omit<BudgetDraft, 'projectId'>) {
  const failed = await tryUpload(id, files);
  const { budget } = await api.put<BudgetAnswer>(`/budgets/${encodeURIComponent(id)}`, body);
  if (failed) throw new DocumentsNotSaved(budget, failed.error);
  return budget;
}

/** Creates a budget (it enters the chain where its author stands) with its documents. */
export function useCreateBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBudget,
    onSettled: () => invalidateAll(queryClient, staleAfter.budget()),
  });
}

/** Saves an edit of a budget with its new documents. */
export function useUpdateBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, draft }: { id: string; draft: Omit<BudgetDraft, 'projectId'> }) =>
      updateBudget(id, draft),
    onSettled: () => invalidateAll(queryClient, staleAfter.budget()),
  });
}
