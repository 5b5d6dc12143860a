import { CHANGE_ORDER_ACTION_LABELS } from '@trowel/shared/change-orders/change-order.machine.ts';
import { CHANGE_ORDER_MESSAGES } from '@trowel/shared/change-orders/change-order.schemas.ts';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useChangeOrderStep } from '../api/take-change-order-step.ts';

interface StaffActionsProps {
  projectId: string;
  changeOrder: { id: string; number: string };
  maySend: boolean;
  /** Offered but not yet possible: the project's contract value is not recorded. */
  sendBlocked?: boolean;
  mayWithdraw: boolean;
}

/** Send a draft to the client, or withdraw it before they answer; each confirmed first. */
export function ChangeOrderStaffActions({
  projectId,
  changeOrder,
  maySend,
  sendBlocked = false,
  mayWithdraw,
}: StaffActionsProps) {
  const step = useChangeOrderStep(projectId, changeOrder.id);
  const [asking, setAsking] = useState<'send' | 'withdraw' | null>(null);
  if (!maySend && !mayWithdraw) return null;
  const confirm = () => {
    if (!asking) return;
    step.mutate(
      { action: asking, body: {} },
      {
        onSuccess: () => {
          toast.success(
            asking === 'send'
              ? `${changeOrder.number} sent to the client`
              : `${changeOrder.number} withdrawn`,
          );
          setAsking(null);
        },
        onError: (error) =>
          toast.error(CHANGE_ORDER_MESSAGES.actionFailed, {
            description: errorMessage(error, 'Please try again.'),
          }),
      },
    );
  };
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      {maySend ? (
        <Button
          disabled={sendBlocked}
          title={sendBlocked ? CHANGE_ORDER_MESSAGES.contractValueMissing : undefined}
          onClick={() => setAsking('send')}
        >
          {CHANGE_ORDER_ACTION_LABELS.send}
        </Button>
      ) : null}
      {mayWithdraw ? (
        <Button variant="outline" onClick={() => setAsking('withdraw')}>
          {CHANGE_ORDER_ACTION_LABELS.withdraw}
        </Button>
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={
          asking === 'send' ? `Send ${changeOrder.number} to the client?` : `Withdraw ${changeOrder.number}?`
        }
        description={
          asking === 'send' ? CHANGE_ORDER_MESSAGES.sendConfirm : CHANGE_ORDER_MESSAGES.withdrawConfirm
        }
        confirmLabel={
          asking === 'send' ? CHANGE_ORDER_ACTION_LABELS.send : CHANGE_ORDER_ACTION_LABELS.withdraw
        }
        busy={step.isPending}
        tone={asking === 'send' ? 'primary' : 'destructive'}
        onConfirm={confirm}
      />
    </div>
  );
}
