import { zodResolver } from '@hookform/resolvers/zod';
import {
  approveChangeOrderInput,
  CHANGE_ORDER_MESSAGES,
  declineChangeOrderInput,
  type ApproveChangeOrderInput,
  type DeclineChangeOrderInput,
} from '@trowel/shared/change-orders/change-order.schemas.ts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useChangeOrderStep } from '../api/take-change-order-step.ts';

interface AnswerProps {
  projectId: string;
  changeOrderId: string;
  /** What the client offers: the machine's actions for them now. */
  mayApprove: boolean;
  mayDecline: boolean;
}

const failed = (error: unknown) =>
  toast.error(CHANGE_ORDER_MESSAGES.actionFailed, { description: errorMessage(error, 'Please try again.') });

/** The client's answer: approve with their typed name as sign-off, or decline with a reason. */
export function ChangeOrderAnswer({ projectId, changeOrderId, mayApprove, mayDecline }: AnswerProps) {
  const [mode, setMode] = useState<'approve' | 'decline' | null>(null);
  if (mode === 'approve') {
    return <ApproveForm {...{ projectId, changeOrderId }} onDone={() => setMode(null)} />;
  }
  if (mode === 'decline') {
    return <DeclineForm {...{ projectId, changeOrderId }} onDone={() => setMode(null)} />;
  }
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      {mayApprove ? <Button onClick={() => setMode('approve')}>Approve</Button> : null}
      {mayDecline ? (
        <Button variant="outline" onClick={() => setMode('decline')}>
          Decline
        </Button>
      ) : null}
    </div>
  );
}

function ApproveForm(props: { projectId: string; changeOrderId: string; onDone: () => void }) {
  const id = useId();
  const step = useChangeOrderStep(props.projectId, props.changeOrderId);
  const form = useForm<ApproveChangeOrderInput>({
    resolver: zodResolver(approveChangeOrderInput),
    defaultValues: { signedName: '' },
  });
  const error = form.formState.errors.signedName?.message;
  const submit = form.handleSubmit((body) =>
    step.mutate(
      { action: 'approve', body },
      { onSuccess: () => toast.success(CHANGE_ORDER_MESSAGES.approved), onError: failed },
    ),
  );
  return (
    <form noValidate onSubmit={submit} aria-label="Approve change order" className="space-y-3">
      <p className="text-sm text-slate-700">{CHANGE_ORDER_MESSAGES.signOff}</p>
      <Field id={`${id}-name`} label="Your full name">
        <Input
          id={`${id}-name`}
          autoComplete="name"
          {...form.register('signedName')}
          aria-invalid={error ? true : undefined}
        />
      </Field>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <FormActions cancel={{ onClick: props.onDone }} busy={step.isPending} busyLabel="Approving...">
        {CHANGE_ORDER_MESSAGES.approveAndSign}
      </FormActions>
    </form>
  );
}

function DeclineForm(props: { projectId: string; changeOrderId: string; onDone: () => void }) {
  const id = useId();
  const step = useChangeOrderStep(props.projectId, props.changeOrderId);
  const form = useForm<DeclineChangeOrderInput>({
    resolver: zodResolver(declineChangeOrderInput),
    defaultValues: { reason: '' },
  });
  const error = form.formState.errors.reason?.message;
  const submit = form.handleSubmit((body) =>
    step.mutate(
      { action: 'decline', body },
      { onSuccess: () => toast.success(CHANGE_ORDER_MESSAGES.declined), onError: failed },
    ),
  );
  return (
    <form noValidate onSubmit={submit} aria-label="Decline change order" className="space-y-3">
      <Field id={`${id}-reason`} label="Reason for declining">
        <Textarea
          id={`${id}-reason`}
          maxLength={2000}
          {...form.register('reason')}
          aria-invalid={error ? true : undefined}
        />
      </Field>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <FormActions cancel={{ onClick: props.onDone }} busy={step.isPending} busyLabel="Declining...">
        Decline
      </FormActions>
    </form>
  );
}
