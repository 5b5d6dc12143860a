import { zodResolver } from '@hookform/resolvers/zod';
import {
  approveChangeOrderInput,
  CHANGE_ORDER_MESSAGES,
  declineChangeOrderInput,
} from '@trowel/shared/change-orders/change-order.schemas.ts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useChangeOrderStep, type ChangeOrderStep } from '../api/take-change-order-step.ts';

interface AnswerProps {
  projectId: string;
  changeOrderId: string;
  /** What the client offers: the machine's actions for them now. */
  mayApprove: boolean;
  mayDecline: boolean;
}

const failed = (error: unknown) =>
  toast.error(CHANGE_ORDER_MESSAGES.actionFailed, { description: errorMessage(error, 'Please try again.') });

/** The two answers: the one field each asks for, its control, and the step's words. */
const ANSWERS = {
  approve: {
    schema: approveChangeOrderInput,
    field: 'signedName',
    label: 'Your full name',
    multiline: false,
    intro: CHANGE_ORDER_MESSAGES.signOff,
    done: CHANGE_ORDER_MESSAGES.approved,
    busyLabel: 'Approving...',
    submit: CHANGE_ORDER_MESSAGES.approveAndSign,
  },
  decline: {
    schema: declineChangeOrderInput,
    field: 'reason',
    label: 'Reason for declining',
    multiline: true,
    intro: null,
    done: CHANGE_ORDER_MESSAGES.declined,
    busyLabel: 'Declining...',
    submit: 'Decline',
  },
} as const;
type Answer = keyof typeof ANSWERS;

/** The client's answer: approve with their typed name as sign-off, or decline with a reason. */
export function ChangeOrderAnswer({ projectId, changeOrderId, mayApprove, mayDecline }: AnswerProps) {
  const [mode, setMode] = useState<Answer | null>(null);
  if (mode) {
    return (
      <AnswerForm key={mode} answer={mode} {...{ projectId, changeOrderId }} onDone={() => setMode(null)} />
    );
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

/** The form of one answer, checked by the call's shared schema. */
function AnswerForm(props: { answer: Answer; projectId: string; changeOrderId: string; onDone: () => void }) {
  const id = useId();
  const answer = ANSWERS[props.answer];
  const step = useChangeOrderStep(props.projectId, props.changeOrderId);
  const form = useForm<Record<string, string>>({
    resolver: zodResolver(answer.schema as z.ZodType<Record<string, string>, Record<string, string>>),
    defaultValues: { [answer.field]: '' },
  });
  const error = form.formState.errors[answer.field]?.message;
  const submit = form.handleSubmit((body) =>
    step.mutate(
      // The body holds the one field of this answer, checked by its schema.
      { action: props.answer, body } as ChangeOrderStep,
      { onSuccess: () => toast.success(answer.done), onError: failed },
    ),
  );
  const control = {
    id: `${id}-${answer.field}`,
    ...form.register(answer.field),
    'aria-invalid': error ? true : undefined,
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`${ANSWER_NAMES[props.answer]} change order`}
      className="space-y-3"
    >
      {answer.intro ? <p className="text-sm text-slate-700">{answer.intro}</p> : null}
      <Field id={control.id} label={answer.label}>
        {answer.multiline ? (
          <Textarea maxLength={2000} {...control} />
        ) : (
          <Input autoComplete="name" {...control} />
        )}
      </Field>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <FormActions cancel={{ onClick: props.onDone }} busy={step.isPending} busyLabel={answer.busyLabel}>
        {answer.submit}
      </FormActions>
    </form>
  );
}

const ANSWER_NAMES: Record<Answer, string> = { approve: 'Approve', decline: 'Decline' };
