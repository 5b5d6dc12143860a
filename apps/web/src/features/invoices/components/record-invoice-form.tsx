import { todayInLagos } from '@trowel/shared/format/calendar-date.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  createInvoiceInput,
  INVOICE_MESSAGES,
  type CreateInvoiceValues,
} from '@trowel/shared/invoices/invoice.schemas.ts';
import { formatNaira, formatQuantity } from '@trowel/shared/money/format.ts';
import { fromKobo, toKobo } from '@trowel/shared/money/kobo.ts';
import { linesTotal } from '@trowel/shared/money/line-total.ts';
import { VAT_RATE_TEXT, vatOn } from '@trowel/shared/money/vat.ts';
import type { PurchaseOrderDto } from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Field } from '../../../components/ui/field.tsx';
import { FilePicker } from '../../../components/ui/file-picker.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { UploadFormFooter } from '../../../components/ui/upload-form-footer.tsx';
import { useIdempotentUpload } from '../../../hooks/use-idempotent-upload.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { prepareUploadFiles, uploadFileRules } from '../../../lib/file-checks.ts';
import { bodySchema, errorMessages, typedNumber } from '../../../lib/form-schema.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';
import { recordInvoice } from '../api/record-invoice.ts';

/** An invoice as typed: quantities and prices stay text until sent. */
interface InvoiceValues {
  invoiceNumber: string;
  invoiceDate: string;
  chargeVat: boolean;
  lines: Array<{ itemId: string; quantity: string; unitPrice: string }>;
}

/** The lines the invoice bills: a quantity left empty or 0 leaves its line off. */
const typedLines = (values: InvoiceValues) =>
  values.lines
    .filter((line) => line.quantity.trim() !== '' && typedNumber(line.quantity) !== 0)
    .map((line) => ({
      itemId: line.itemId,
      quantity: typedNumber(line.quantity),
      unitPrice: typedNumber(line.unitPrice),
    }));

/** The lines' total with their VAT at 7.5 % where charged, as the server recomputes it. */
function totals(values: InvoiceValues) {
  const lines = typedLines(values).filter(
    (line): line is { itemId: string; quantity: number; unitPrice: number } =>
      Number.isFinite(line.quantity) && Number.isFinite(line.unitPrice),
  );
  const subtotal = linesTotal(lines);
  const vat = values.chargeVat && Number.isFinite(subtotal) ? vatOn(subtotal) : 0;
  return { subtotal, vat, total: fromKobo(toKobo(subtotal) + toKobo(vat)) };
}

const invoiceSchema = bodySchema(
  (values: InvoiceValues) => ({
    invoiceNumber: values.invoiceNumber,
    invoiceDate: values.invoiceDate,
    items: typedLines(values),
    vatAmount: totals(values).vat,
  }),
  createInvoiceInput,
);

/**
 * Record Invoice (the accountant, on the purchase order): the vendor's number and date, per line the
 * quantity billed and the unit price (what was received and agreed, to start with), VAT at 7.5 % where
 * charged, and the invoice's file. The server matches it three ways and opens it.
 */
export function RecordInvoiceForm({ order, onDone }: { order: PurchaseOrderDto; onDone: () => void }) {
  const formId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<InvoiceValues, unknown, CreateInvoiceValues>({
    resolver: zodResolver(invoiceSchema),
    defaultValues: {
      invoiceNumber: '',
      invoiceDate: todayInLagos(),
      chargeVat: false,
      lines: order.items.map((item) => {
        const unbilled = Math.max(0, item.quantityReceived - item.quantityInvoiced);
        return {
          itemId: item.itemId,
          quantity: unbilled ? String(unbilled) : '',
          unitPrice: String(item.unitPrice),
        };
      }),
    },
  });
  const values = useWatch({ control: form.control }) as InvoiceValues;
  const { subtotal, vat, total } = totals({ ...form.getValues(), ...values });
  const [files, setFiles] = useState<File[]>([]);
  const upload = useIdempotentUpload({
    send: recordInvoice,
    onSuccess: async (invoice) => {
      toast.success(INVOICE_MESSAGES.recorded);
      onDone();
      await invalidateAll(queryClient, staleAfter.invoice());
      void navigate(`/invoices/${invoice.id}`);
    },
    onError: (error) => toast.error(errorMessage(error, INVOICE_MESSAGES.recordFailed)),
  });
  const submit = form.handleSubmit(
    (input) =>
      void upload.submit(async () => ({
        ...input,
        orderId: order.id,
        files: await prepareUploadFiles(files, false),
      })),
  );
  const problems = errorMessages(form.formState.errors);
  const { state, busy } = upload;

  return (
    <form onSubmit={submit} noValidate aria-label="Record Invoice" className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${formId}-number`} label="Invoice number">
          <Input
            id={`${formId}-number`}
            {...form.register('invoiceNumber')}
            maxLength={100}
            disabled={busy}
          />
        </Field>
        <Field id={`${formId}-date`} label="Invoice date">
          <Input
            id={`${formId}-date`}
            type="date"
            max={todayInLagos()}
            {...form.register('invoiceDate')}
            disabled={busy}
          />
        </Field>
      </div>
      <p className="text-xs text-slate-600">
        A line the invoice does not bill: leave its quantity empty or 0.
      </p>
      <ol className="space-y-3">
        {order.items.map((item, index) => (
          <li key={item.itemId} className="space-y-2 rounded-md border border-slate-200 p-3">
            <p className="text-sm font-medium wrap-anywhere text-slate-900">{item.name}</p>
            <p className="text-xs text-slate-600">
              Received {formatQuantity(item.quantityReceived)} {item.unit} · billed so far{' '}
              {formatQuantity(item.quantityInvoiced)} · agreed {formatNaira(item.unitPrice)}
            </p>
            <div className="grid grid-cols-2 gap-2">
              <Field id={`${formId}-qty-${index}`} label="Quantity billed">
                <Input
                  id={`${formId}-qty-${index}`}
                  {...form.register(`lines.${index}.quantity`)}
                  inputMode="decimal"
                  disabled={busy}
                />
              </Field>
              <Field id={`${formId}-price-${index}`} label="Unit price (₦)">
                <Input
                  id={`${formId}-price-${index}`}
                  {...form.register(`lines.${index}.unitPrice`)}
                  inputMode="decimal"
                  disabled={busy}
                />
              </Field>
            </div>
          </li>
        ))}
      </ol>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register('chargeVat')} disabled={busy} />
        VAT charged ({VAT_RATE_TEXT})
      </label>
      <dl className="ml-auto grid max-w-xs grid-cols-2 gap-1 text-sm tabular-nums">
        <dt>Subtotal</dt>
        <dd className="text-right">{Number.isFinite(subtotal) ? formatNaira(subtotal) : '—'}</dd>
        <dt>VAT</dt>
        <dd className="text-right">{formatNaira(vat)}</dd>
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold">{Number.isFinite(total) ? formatNaira(total) : '—'}</dd>
      </dl>
      <FilePicker
        id={`${formId}-files`}
        label="Invoice file"
        hint="A scan or photo of the vendor's invoice."
        variant="button"
        files={files}
        onFilesChange={setFiles}
        rules={uploadFileRules({ shrinkPhotos: true })}
        disabled={busy}
      />
      <UploadFormFooter
        problemsTitle="Check the invoice"
        problems={problems}
        state={state}
        hasFiles={files.length > 0}
        onRetry={() => void upload.retry()}
        onCancel={() => {
          upload.reset();
          onDone();
        }}
        submitLabel="Save Invoice"
      />
    </form>
  );
}
