import {
  BUDGET_ACTION_LABELS,
  REMARK_ACTIONS,
  type BudgetAction,
} from '@trowel/shared/budgets/budget.machine.ts';
import { BUDGET_MESSAGES } from '@trowel/shared/budgets/budget.schemas.ts';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { toast } from 'sonner';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useBudgetStep } from '../api/budget-actions.ts';

const DESTRUCTIVE: readonly BudgetAction[] = ['reject', 'qs-reject'];

interface BudgetApprovalActionsProps {
  budgetId: string;
  /** The steps the user may take now, from the shared machine and policy. */
  actions: readonly BudgetAction[];
}

/** One button per step the user may take now; a step that takes remarks asks for them first. */
export function BudgetApprovalActions({ budgetId, actions }: BudgetApprovalActionsProps) {
  const step = useBudgetStep();
  const [asking, setAsking] = useState<BudgetAction | null>(null);
  const [remarks, setRemarks] = useState('');

  if (actions.length === 0) return null;

  const take = (action: BudgetAction, withRemarks: string) =>
    step.mutate(
      { id: budgetId, action, remarks: withRemarks },
      {
        onSuccess: () => {
          toast.success(`Budget: ${BUDGET_ACTION_LABELS[action]}`);
          setAsking(null);
          setRemarks('');
        },
        onError: (error) =>
          action === 'resubmit'
            ? toast.error(BUDGET_MESSAGES.resubmitError, {
                description: errorMessage(error, 'Please try again.'),
              })
            : toast.error(BUDGET_MESSAGES.actionFailed.title, {
                description: errorMessage(error, BUDGET_MESSAGES.actionFailed.description),
              }),
      },
    );

  return (
    <div className="flex flex-wrap gap-2">
      {actions.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={
            DESTRUCTIVE.includes(action) ? 'destructive' : action === 'approve' ? 'primary' : 'outline'
          }
          disabled={step.isPending}
          onClick={() => (REMARK_ACTIONS.includes(action) ? setAsking(action) : take(action, ''))}
        >
          {BUDGET_ACTION_LABELS[action]}
        </Button>
      ))}
      <Dialog.Root
        open={asking !== null}
        onOpenChange={(open) => !open && !step.isPending && setAsking(null)}
      >
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
          <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none">
            <Dialog.Title className="text-lg font-semibold text-slate-900">
              {asking ? BUDGET_ACTION_LABELS[asking] : ''}
            </Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-slate-600">
              Add your remarks for the budget's author and the next reviewer.
            </Dialog.Description>
            <form
              className="mt-4 space-y-4"
              onSubmit={(event) => {
                event.preventDefault();
                if (asking) take(asking, remarks);
              }}
            >
              <Field id={`remarks-${budgetId}`} label="Remarks">
                <Textarea
                  id={`remarks-${budgetId}`}
                  value={remarks}
                  maxLength={5000}
                  onChange={(event) => setRemarks(event.target.value)}
                />
              </Field>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Dialog.Close className={buttonClasses('outline')} disabled={step.isPending}>
                  Cancel
                </Dialog.Close>
                <BusyButton type="submit" busy={step.isPending} busyLabel="Saving...">
                  {asking ? BUDGET_ACTION_LABELS[asking] : 'Confirm'}
                </BusyButton>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
