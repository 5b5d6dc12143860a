import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_FILES_PER_UPLOAD } from '@trowel/shared/files/attachment.schemas.ts';
import { formatNaira, formatQuantity } from '@trowel/shared/money/format.ts';
import { sumNaira } from '@trowel/shared/money/kobo.ts';
import { hasKoboPrecision } from '@trowel/shared/money/kobo.ts';
import { lineTotal } from '@trowel/shared/money/line-total.ts';
import {
  RFQ_MESSAGES,
  vendorResponseInput,
  type VendorResponseDraft,
  type VendorResponseValues,
  type VendorRfqDto,
} from '@trowel/shared/procurement/rfq.schemas.ts';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { FilePicker } from '../../../components/ui/file-picker.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { UploadProgress } from '../../../components/ui/upload-progress.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { DEFAULT_FILE_RULES } from '../../../lib/file-checks.ts';
import { bodySchema, errorMessages, typedNumber } from '../../../lib/form-schema.ts';
import { useSubmitQuote } from '../api/submit-quote.ts';

/** The quote being written, from the RFQ's items and the vendor's earlier quote if any. */
export function draftFrom(rfq: VendorRfqDto, vendorId: string): VendorResponseDraft {
  const earlier = new Map(rfq.response?.items.map((line) => [line.itemId, line]) ?? []);
  const items = rfq.items.map((item) => {
    const line = earlier.get(item.id);
    return {
      itemId: item.id,
      name: item.name,
      quantity: item.quantity,
      unit: item.unit,
      unitPrice: line?.unitPrice ?? null,
      totalPrice: line?.totalPrice ?? 0,
      notes: line?.notes ?? '',
    };
  });
  return { vendorId, items, totalAmount: rfq.response?.totalAmount ?? 0, notes: rfq.response?.notes ?? '' };
}

/** A price typed with more than kobo: no total is shown for it (a rounded one would not be what was typed). */
const priceTooPrecise = (unitPrice: number | null) => unitPrice !== null && !hasKoboPrecision(unitPrice);

/**
 * Recomputes each line (unit price × quantity) and the grand total, to the kobo; a line whose price has
 * more than two decimals counts nothing until it is corrected.
 */
export function withTotals(draft: VendorResponseDraft): VendorResponseDraft {
  const items = draft.items.map((item) => ({
    ...item,
    totalPrice:
      item.unitPrice && item.unitPrice > 0 && !priceTooPrecise(item.unitPrice)
        ? lineTotal(item.quantity, item.unitPrice)
        : 0,
  }));
  return { ...draft, items, totalAmount: sumNaira(items.map((item) => item.totalPrice)) };
}

/** The quote as typed: a unit price stays text until sent. */
interface QuoteFormValues {
  items: Array<{ itemId: string; unitPrice: string; notes: string }>;
  notes: string;
}

function quoteValues(draft: VendorResponseDraft): QuoteFormValues {
  return {
    items: draft.items.map((item) => ({
      itemId: item.itemId,
      unitPrice: item.unitPrice === null ? '' : String(item.unitPrice),
      notes: item.notes,
    })),
    notes: draft.notes,
  };
}

/** The draft with the prices typed, its line totals and grand total recomputed. */
function pricedDraft(draft: VendorResponseDraft, typed: QuoteFormValues['items']): VendorResponseDraft {
  return withTotals({
    ...draft,
    items: draft.items.map((item, index) => ({
      ...item,
      unitPrice: typedNumber(typed[index]?.unitPrice ?? '') ?? null,
    })),
  });
}

/** The quote checked as the server checks it; the totals it shows go with it (the server recomputes them). */
function quoteFormSchema(draft: VendorResponseDraft) {
  return bodySchema((values: QuoteFormValues) => {
    const priced = pricedDraft(draft, values.items);
    return {
      items: values.items.map((item, index) => ({
        ...item,
        totalPrice: priced.items[index]?.totalPrice ?? 0,
      })),
      totalAmount: priced.totalAmount,
      notes: values.notes,
    };
  }, vendorResponseInput);
}

interface QuoteFormProps {
  rfq: VendorRfqDto;
  vendorId: string;
  onDone: () => void;
}

/** Unit price (step 0.01) per item with read-only totals and notes, overall notes and files. */
export function QuoteForm({ rfq, vendorId, onDone }: QuoteFormProps) {
  const [draft] = useState(() => draftFrom(rfq, vendorId));
  const form = useForm<QuoteFormValues, unknown, VendorResponseValues>({
    resolver: zodResolver(quoteFormSchema(draft)),
    defaultValues: quoteValues(draft),
  });
  const shown = pricedDraft(draft, useWatch({ control: form.control, name: 'items' }));
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState(0);
  const submit = useSubmitQuote(setProgress);
  const updating = rfq.response !== null;

  const send = form.handleSubmit(
    (quote) => {
      setProgress(0);
      submit.mutate(
        { ...quote, rfqId: rfq.id, attachments: files },
        {
          onSuccess: () => {
            toast.success(RFQ_MESSAGES.submitted, { description: RFQ_MESSAGES.submittedDetail });
            onDone();
          },
          onError: (error) =>
            toast.error(RFQ_MESSAGES.submissionFailed, {
              description: errorMessage(error, RFQ_MESSAGES.submitFallback),
            }),
        },
      );
    },
    (errors) =>
      toast.error(RFQ_MESSAGES.validationTitle, {
        description: errorMessages(errors)[0] ?? RFQ_MESSAGES.unitPricesRequired,
      }),
  );

  return (
    <form noValidate onSubmit={send} className="space-y-4" aria-label="Quotation">
      <ul className="space-y-3">
        {shown.items.map((item, index) => (
          <li key={item.itemId} className="space-y-2 rounded-md border border-slate-200 p-3">
            <p className="font-medium wrap-anywhere">
              {item.name}{' '}
              <span className="text-sm font-normal text-slate-500">
                ({formatQuantity(item.quantity)} {item.unit})
              </span>
            </p>
            <div className="grid gap-2 sm:grid-cols-2">
              <label className="space-y-1 text-sm">
                <span className="font-medium text-slate-800">Unit Price</span>
                <Input
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step="0.01"
                  {...form.register(`items.${index}.unitPrice`)}
                  aria-label={`Unit price of ${item.name}`}
                />
              </label>
              <label className="space-y-1 text-sm">
                <span className="font-medium text-slate-800">Total Price</span>
                <Input
                  readOnly
                  value={priceTooPrecise(item.unitPrice) ? '—' : formatNaira(item.totalPrice)}
                  aria-label={`Total price of ${item.name}`}
                />
              </label>
            </div>
            {priceTooPrecise(item.unitPrice) ? (
              <p role="alert" className="text-sm text-red-700">
                {RFQ_MESSAGES.priceDecimals}
              </p>
            ) : null}
            <Textarea
              rows={2}
              placeholder="Notes (optional)"
              aria-label={`Notes on ${item.name}`}
              {...form.register(`items.${index}.notes`)}
            />
          </li>
        ))}
      </ul>
      <label className="block space-y-1 text-sm">
        <span className="font-medium text-slate-800">Overall Notes</span>
        <Textarea rows={3} {...form.register('notes')} />
      </label>
      <FilePicker
        id="quote-attachments"
        label="Attach files"
        hint={`Up to ${MAX_FILES_PER_UPLOAD} files: your quotation, price lists, certificates.`}
        files={files}
        onFilesChange={setFiles}
        rules={DEFAULT_FILE_RULES}
        disabled={submit.isPending}
      />
      <p className="text-right text-lg font-semibold">
        Total Amount:{' '}
        <span className="tabular-nums" data-testid="quote-total">
          {formatNaira(shown.totalAmount)}
        </span>
      </p>
      {submit.isPending ? <UploadProgress fraction={progress} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={submit.isPending}>
          Cancel
        </Button>
        <BusyButton type="submit" busy={submit.isPending} busyLabel="Submitting...">
          {updating ? 'Update Response' : 'Submit Response'}
        </BusyButton>
      </div>
    </form>
  );
}
