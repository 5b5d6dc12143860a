import { todayInLagos } from '@trowel/shared/format/calendar-date.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Role } from '@trowel/shared/auth/roles.ts';
import { invoiceMachine } from '@trowel/shared/invoices/invoice.machine.ts';
import {
  createPaymentInput,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  INVOICE_MESSAGES,
  type CreatePaymentInput,
  type InvoiceDto,
} from '@trowel/shared/invoices/invoice.schemas.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input.tsx';
import { SelectOptions } from '../../../components/ui/select-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { bodySchema, typedNumber } from '../../../lib/form-schema.ts';
import { useDecideInvoice, useRecordPayment } from '../api/decide-invoice.ts';

/**
 * Approve or reject, with remarks (a disputed invoice's approval needs them: the server says so). A
 * rejection cannot be undone, so it is confirmed first. The toasts follow the call, not the panel: the
 * panel goes as soon as the invoice's new status arrives.
 */
function DecisionForm({ invoice, actions }: { invoice: InvoiceDto; actions: Array<'approve' | 'reject'> }) {
  const [remarks, setRemarks] = useState('');
  const [confirmingReject, setConfirmingReject] = useState(false);
  const decide = useDecideInvoice(invoice.id);
  const run = (action: 'approve' | 'reject') =>
    decide.mutateAsync({ action, remarks }).then(
      () => {
        setRemarks('');
        setConfirmingReject(false);
        toast.success(action === 'approve' ? 'Invoice approved' : 'Invoice rejected');
      },
      (error: unknown) => toast.error(errorMessage(error, 'Failed to update the invoice.')),
    );
  const disputed = invoice.status === 'disputed';
  const mayApprove = actions.includes('approve');
  return (
    <div className="space-y-2">
      <FormField
        id="invoice-remarks"
        label={disputed && mayApprove ? 'Reason' : 'Remarks'}
        hint={
          !disputed
            ? undefined
            : mayApprove
              ? 'Approving an invoice that does not match needs a reason.'
              : INVOICE_MESSAGES.disputedAwaitsAdmin
        }
      >
        {(control) => (
          <Textarea
            {...control}
            value={remarks}
            maxLength={1000}
            rows={2}
            onChange={(event) => setRemarks(event.target.value)}
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        {mayApprove ? (
          <Button disabled={decide.isPending} onClick={() => void run('approve')}>
            Approve
          </Button>
        ) : null}
        {actions.includes('reject') ? (
          <Button variant="outline" disabled={decide.isPending} onClick={() => setConfirmingReject(true)}>
            Reject
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirmingReject}
        onOpenChange={setConfirmingReject}
        title={`Reject invoice ${invoice.invoiceNumber}?`}
        description={INVOICE_MESSAGES.rejectConfirm}
        confirmLabel="Reject"
        busyLabel="Rejecting..."
        busy={decide.isPending}
        onConfirm={() => void run('reject')}
      />
    </div>
  );
}

interface PaymentValues {
  amount: string;
  paidOn: string;
  method: string;
  reference: string;
}

const paymentSchema = bodySchema(
  (values: PaymentValues) => ({ ...values, amount: typedNumber(values.amount) }),
  createPaymentInput,
);

/** Record Payment: amount (what is still owed by default), date, method and reference. */
function PaymentForm({ invoice }: { invoice: InvoiceDto }) {
  const pay = useRecordPayment(invoice.id);
  const form = useForm<PaymentValues, unknown, CreatePaymentInput>({
    resolver: zodResolver(paymentSchema),
    values: {
      amount: String(invoice.outstanding),
      paidOn: todayInLagos(),
      method: 'bank_transfer',
      reference: '',
    },
  });
  const { errors } = form.formState;
  // As above: a payment that settles the invoice takes this form away before its answer is handled.
  const submit = form.handleSubmit((input) =>
    pay.mutateAsync(input).then(
      () => toast.success('Payment recorded'),
      (error: unknown) => toast.error(errorMessage(error, 'Failed to record the payment.')),
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Record Payment" className="grid gap-3 sm:grid-cols-2">
      <FormField id="payment-amount" label="Amount (₦)" error={errors.amount?.message} required>
        {(control) => <Input {...control} {...form.register('amount')} inputMode="decimal" />}
      </FormField>
      <FormField id="payment-date" label="Paid on" error={errors.paidOn?.message} required>
        {(control) => <Input {...control} {...form.register('paidOn')} type="date" max={todayInLagos()} />}
      </FormField>
      <FormField id="payment-method" label="Method" error={errors.method?.message} required>
        {(control) => (
          <NativeSelect {...control} {...form.register('method')}>
            <SelectOptions values={PAYMENT_METHODS} label={(method) => PAYMENT_METHOD_LABELS[method]} />
          </NativeSelect>
        )}
      </FormField>
      <FormField id="payment-reference" label="Reference" error={errors.reference?.message}>
        {(control) => <Input {...control} {...form.register('reference')} maxLength={100} />}
      </FormField>
      <div className="sm:col-span-2">
        <BusyButton type="submit" busy={pay.isPending} busyLabel="Saving...">
          Record Payment
        </BusyButton>
      </div>
    </form>
  );
}

/** What the reader may do with the invoice now, as the shared machine offers it to their role. */
export function InvoiceActions({ invoice, role }: { invoice: InvoiceDto; role: Role }) {
  const actions = invoiceMachine.actionsFor(invoice.status, role);
  const decisions = actions.filter(
    (action): action is 'approve' | 'reject' => action === 'approve' || action === 'reject',
  );
  if (decisions.length === 0 && !actions.includes('pay')) return null;
  return (
    <section className="space-y-4 rounded-md border border-slate-200 p-4">
      {decisions.length > 0 ? <DecisionForm invoice={invoice} actions={decisions} /> : null}
      {actions.includes('pay') ? <PaymentForm invoice={invoice} /> : null}
    </section>
  );
}
