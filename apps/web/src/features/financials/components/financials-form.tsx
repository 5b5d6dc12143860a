import { financialsFigures } from '@trowel/shared/financials/payment-figures.ts';
import {
  FINANCIALS_MESSAGES,
  INSTALLMENT_STATUSES,
  type FinancialsDto,
  type InstallmentStatus,
} from '@trowel/shared/financials/financials.schemas.ts';
import { formatNaira } from '@trowel/shared/money/format.ts';
import { FIGURE_NAMES } from '@trowel/shared/reports/money-figures.ts';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSaveFinancials } from '../api/financials.ts';
import { amountOf, amountText, formatTypedAmount } from './amount-text.ts';

interface InstallmentValues {
  key: string;
  id?: string;
  amount: string;
  dueDate: string;
  status: InstallmentStatus;
}

let nextKey = 0;
const newInstallment = (): InstallmentValues => ({
  key: `new-${++nextKey}`,
  amount: '',
  dueDate: '',
  status: 'pending',
});

function NairaInput({
  id,
  value,
  onChange,
  label,
}: {
  id: string;
  value: string;
  onChange: (text: string) => void;
  label: string;
}) {
  return (
    <Field id={id} label={label}>
      <div className="relative">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-slate-500"
        >
          ₦
        </span>
        <Input
          id={id}
          inputMode="decimal"
          className="pl-7"
          value={value}
          onChange={(event) => onChange(formatTypedAmount(event.target.value))}
        />
      </div>
    </Field>
  );
}

/** Value, initial payment, the live outstanding balance and the installments (at least one). */
export function FinancialsForm({
  projectId,
  financials,
}: {
  projectId: string;
  financials: FinancialsDto | null;
}) {
  const save = useSaveFinancials(projectId);
  const [value, setValue] = useState(financials ? amountText(financials.totalProjectValue) : '');
  const [initial, setInitial] = useState(financials ? amountText(financials.initialPayment) : '');
  const [installments, setInstallments] = useState<InstallmentValues[]>(() =>
    financials && financials.installments.length > 0
      ? financials.installments.map((row) => ({
          key: row.id,
          id: row.id,
          amount: amountText(row.amount),
          dueDate: row.dueDate,
          status: row.status,
        }))
      : [newInstallment()],
  );
  // What the client paid and owes, by the rule the server answers with.
  const figures = financialsFigures(
    amountOf(value),
    amountOf(initial),
    installments.map((row) => ({ amount: amountOf(row.amount), status: row.status })),
  );

  const change = (key: string, patch: Partial<InstallmentValues>) =>
    setInstallments((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        totalProjectValue: amountOf(value),
        initialPayment: amountOf(initial),
        outstandingBalance: figures.outstandingBalance,
        installments: installments.map((row) => ({
          ...(row.id ? { id: row.id } : {}),
          amount: amountOf(row.amount),
          dueDate: row.dueDate,
          status: row.status,
        })),
      },
      {
        onSuccess: () => toast.success('Project financials saved'),
        onError: (error) =>
          toast.error(FINANCIALS_MESSAGES.saveFailed, {
            description: errorMessage(error, 'Please try again.'),
          }),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-label="Project financials">
      <div className="grid gap-4 sm:grid-cols-2">
        <NairaInput id="total-project-value" label="Total Project Value" value={value} onChange={setValue} />
        <NairaInput id="initial-payment" label="Initial Payment" value={initial} onChange={setInitial} />
        <Field id="amount-paid" label={FIGURE_NAMES.amountPaid}>
          <Input id="amount-paid" readOnly value={formatNaira(figures.amountPaid)} />
        </Field>
        <Field id="outstanding-balance" label={FIGURE_NAMES.outstandingBalance}>
          <Input id="outstanding-balance" readOnly value={formatNaira(figures.outstandingBalance)} />
        </Field>
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">Installments</legend>
        {installments.map((row, index) => (
          <div
            key={row.key}
            role="group"
            aria-label={`Installment ${index + 1}`}
            className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
          >
            <NairaInput
              id={`${row.key}-amount`}
              label="Amount"
              value={row.amount}
              onChange={(amount) => change(row.key, { amount })}
            />
            <Field id={`${row.key}-due`} label="Due date">
              <Input
                id={`${row.key}-due`}
                type="date"
                value={row.dueDate}
                onChange={(event) => change(row.key, { dueDate: event.target.value })}
              />
            </Field>
            <SelectField
              id={`${row.key}-status`}
              label="Status"
              value={row.status}
              onChange={(status) => change(row.key, { status })}
            >
              {INSTALLMENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status.charAt(0).toUpperCase() + status.slice(1)}
                </option>
              ))}
            </SelectField>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove installment ${index + 1}`}
              disabled={installments.length <= 1}
              onClick={() =>
                setInstallments((current) =>
                  current.length > 1 ? current.filter((other) => other.key !== row.key) : current,
                )
              }
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        <Button
          variant="outline"
          size="sm"
          onClick={() => setInstallments((current) => [...current, newInstallment()])}
        >
          <Plus aria-hidden="true" /> Add installment
        </Button>
      </fieldset>
      <div className="flex justify-end">
        <BusyButton type="submit" busy={save.isPending} busyLabel="Saving...">
          Save Financials
        </BusyButton>
      </div>
    </form>
  );
}
