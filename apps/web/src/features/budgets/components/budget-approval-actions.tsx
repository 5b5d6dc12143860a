import {
  BUDGET_ACTION_LABELS,
  BUDGET_REASON_REQUIRED,
  REASON_ACTIONS,
  REMARK_ACTIONS,
  type BudgetAction,
} from '@trowel/shared/budgets/budget.machine.ts';
import { BUDGET_STEP_DONE, budgetStepToast } from '@trowel/shared/budgets/budget.notices.ts';
import { BUDGET_MESSAGES, type BudgetDto } from '@trowel/shared/budgets/budget.schemas.ts';
import { formatNaira } from '@trowel/shared/money/format.ts';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { toast } from 'sonner';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { useReturnFocus } from '../../../hooks/use-return-focus.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useBudgetStep } from '../api/budget-actions.ts';

const DESTRUCTIVE: readonly BudgetAction[] = ['reject', 'qs-reject'];

interface BudgetApprovalActionsProps {
  /** The budget the steps are taken on: named, with its total, in the confirmation. */
  budget: Pick<BudgetDto, 'id' | 'totalAmount'> & { project: Pick<BudgetDto['project'], 'title'> };
  /** The steps the user may take now, from the shared machine and policy. */
  actions: readonly BudgetAction[];
}

/**
 * One button per step the user may take now. Every step moves the budget on to someone else, so
 * each is confirmed first, naming the budget and its total; a step that takes remarks asks for them there.
 */
export function BudgetApprovalActions({ budget, actions }: BudgetApprovalActionsProps) {
  const step = useBudgetStep();
  const [asking, setAsking] = useState<BudgetAction | null>(null);
  const returnFocus = useReturnFocus();
  const [remarks, setRemarks] = useState('');
  const [missingReason, setMissingReason] = useState(false);

  if (actions.length === 0) return null;

  const take = (action: BudgetAction, withRemarks: string) =>
    step.mutate(
      { id: budget.id, action, remarks: withRemarks },
      {
        onSuccess: () => {
          toast.success(budgetStepToast(action));
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
  const asksRemarks = asking !== null && REMARK_ACTIONS.includes(asking);
  const needsReason = asking !== null && REASON_ACTIONS.includes(asking);
  const variant = (action: BudgetAction) =>
    DESTRUCTIVE.includes(action) ? 'destructive' : action === 'approve' ? 'primary' : 'outline';

  return (
    <div className="flex flex-wrap gap-2">
      {actions.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={variant(action)}
          disabled={step.isPending}
          onClick={() => setAsking(action)}
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
          <Dialog.Content
            {...returnFocus}
            className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none"
          >
            <Dialog.Title className="text-lg font-semibold text-slate-900">
              {asking ? `${BUDGET_ACTION_LABELS[asking]}?` : ''}
            </Dialog.Title>
            <Dialog.Description className="mt-1 text-sm wrap-anywhere text-slate-600">
              {asking
                ? `The budget of ${formatNaira(budget.totalAmount)} for "${budget.project.title}" will be ${BUDGET_STEP_DONE[asking]}.`
                : ''}
              {asksRemarks ? " Add your remarks for the budget's author and the next reviewer." : ''}
            </Dialog.Description>
            <form
              className="mt-4 space-y-4"
              onSubmit={(event) => {
                event.preventDefault();
                if (needsReason && remarks.trim() === '') return setMissingReason(true);
                if (asking) take(asking, asksRemarks ? remarks : '');
              }}
            >
              {asksRemarks ? (
                <FormField
                  id={`remarks-${budget.id}`}
                  label="Remarks"
                  required={needsReason}
                  error={needsReason && missingReason ? BUDGET_REASON_REQUIRED : undefined}
                >
                  {(control) => (
                    <Textarea
                      {...control}
                      value={remarks}
                      maxLength={5000}
                      onChange={(event) => {
                        setRemarks(event.target.value);
                        setMissingReason(false);
                      }}
                    />
                  )}
                </FormField>
              ) : null}
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
