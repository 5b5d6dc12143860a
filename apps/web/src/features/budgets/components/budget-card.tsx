import { roleLabel } from '@trowel/shared/auth/roles.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { budgetAbilities } from '@trowel/shared/budgets/budget.policy.ts';
import { BUDGET_MESSAGES, type BudgetDto } from '@trowel/shared/budgets/budget.schemas.ts';
import { formatNaira } from '@trowel/shared/money/format.ts';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { useDeleteBudget, useDeleteBudgetDocument } from '../api/budget-actions.ts';
import { BudgetApprovalActions } from './budget-approval-actions.tsx';
import { BudgetDocuments } from './budget-documents.tsx';
import { BudgetHistory } from './budget-history.tsx';
import { BudgetLines } from './budget-lines.tsx';
import { BudgetStatusBadge } from './budget-status-badge.tsx';

interface BudgetCardProps {
  budget: BudgetDto;
  user: UserDto;
  /** Names the project (the list of every project's budgets). */
  showProject: boolean;
  onEdit: (budget: BudgetDto) => void;
  itemRef?: ((element: Element | null) => void) | undefined;
}

/** One budget: its lines, documents, status, the steps the user may take now and its history. */
export function BudgetCard({ budget, user, showProject, onEdit, itemRef }: BudgetCardProps) {
  const abilities = budgetAbilities(
    user,
    { status: budget.status, authorId: budget.user.id },
    { projectLeadId: budget.project.projectLeadId, clientId: null },
  );
  const remove = useDeleteBudget();
  const removeDocument = useDeleteBudgetDocument();
  const [confirming, setConfirming] = useState(false);
  // Why a budget came back to its author: the remarks of the step that returned it (a QS's return
  // already stands below as the QS remarks).
  const lastReturn =
    budget.status === 'revision_needed'
      ? budget.history.findLast((entry) => entry.toStatus === 'revision_needed')
      : undefined;
  const returned = lastReturn?.remarks !== budget.qsRemarks ? lastReturn : undefined;

  return (
    <Card
      ref={itemRef}
      role="article"
      className="space-y-4 p-4"
      aria-label={`Budget ${budget.id.slice(0, 8)}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          {showProject ? (
            <p className="text-sm font-medium wrap-anywhere text-slate-700">{budget.project.title}</p>
          ) : null}
          <p className="text-lg font-semibold text-slate-900">{formatNaira(budget.totalAmount)}</p>
          <p className="text-xs text-slate-500">
            #{budget.id.slice(0, 8)} · {budget.user.name} ({roleLabel(budget.user.role)}) ·{' '}
            {formatDate(budget.createdAt)}
          </p>
        </div>
        <BudgetStatusBadge status={budget.status} />
      </div>

      <BudgetLines items={budget.items} />

      {budget.remarks ? (
        <p className="text-sm wrap-anywhere whitespace-pre-line text-slate-700">
          <span className="font-medium">Remarks: </span>
          {budget.remarks}
        </p>
      ) : null}
      {returned?.remarks ? (
        <p className="rounded-md bg-amber-50 p-2 text-sm wrap-anywhere whitespace-pre-line text-amber-900">
          <span className="font-medium">Returned{returned.actor ? ` by ${returned.actor.name}` : ''}: </span>
          {returned.remarks}
        </p>
      ) : null}
      {budget.qsRemarks ? (
        <p className="text-sm wrap-anywhere whitespace-pre-line text-slate-700">
          <span className="font-medium">QS remarks: </span>
          {budget.qsRemarks}
        </p>
      ) : null}

      <BudgetDocuments
        saved={budget.attachments}
        {...(abilities.documents
          ? {
              onRemoveSaved: (document) =>
                removeDocument.mutate(
                  { id: budget.id, attachmentId: document.id },
                  {
                    onError: (error) =>
                      toast.error(BUDGET_MESSAGES.deleteFailed, {
                        description: errorMessage(error, 'Please try again.'),
                      }),
                  },
                ),
            }
          : {})}
      />

      <div className="flex flex-wrap items-center gap-2">
        <BudgetApprovalActions budget={budget} actions={abilities.actions} />
        {abilities.edit ? (
          <Button size="sm" variant="outline" onClick={() => onEdit(budget)}>
            Edit
          </Button>
        ) : null}
        {abilities.delete ? (
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        ) : null}
      </div>

      <details>
        <summary className="cursor-pointer text-sm font-medium text-slate-700">
          History ({budget.history.length})
        </summary>
        <div className="mt-3">
          <BudgetHistory entries={budget.history} />
        </div>
      </details>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this budget?"
        description="The budget, its lines and its documents will be removed. This cannot be undone."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(budget.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success('Budget deleted');
            },
            onError: (error) =>
              toast.error(BUDGET_MESSAGES.deleteFailed, {
                description: errorMessage(error, 'Please try again.'),
              }),
          })
        }
      />
    </Card>
  );
}
