import { zodResolver } from '@hookform/resolvers/zod';
import { formatNaira } from '@trowel/shared/money/format.ts';
import {
  NEGOTIATION_MESSAGES,
  negotiateInput,
  type ListedNegotiationDto,
  type NegotiateFields,
} from '@trowel/shared/negotiations/negotiation.schemas.ts';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { bodySchema, computedFieldError, typedNumber } from '../../../lib/form-schema.ts';
import { useSendNegotiation } from '../api/send-negotiation.ts';
import { PriceChange } from './price-change.tsx';
import { PricedItemFieldset } from './priced-item-fieldset.tsx';
import { pricedTotals } from './priced-totals.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';

/** What the form negotiates on: the RFQ, the vendor and the quote they sent. */
export interface NegotiationSubject {
  rfq: { id: string; number: number; title: string };
  vendor: { id: string; name: string; email: string };
  response: {
    totalAmount: number;
    notes: string;
    items: Array<{
      itemId: string;
      item: { name: string; description: string; quantity: number; unit: string };
      unitPrice: number;
      totalPrice: number;
      notes: string;
    }>;
  };
  /** For a counter negotiation: the vendor's counter offer it answers. */
  counterTo?: (ListedNegotiationDto & { items: NonNullable<ListedNegotiationDto['items']> }) | undefined;
}

/** The form as typed: a price per item (text until sent) with its notes, and the overall terms. */
interface NegotiationFormValues {
  items: Array<{ itemId: string; negotiatedUnitPrice: string; negotiationNotes: string }>;
  negotiationNotes: string;
}

/** The starting price of an item: the vendor's counter price when answering one, else their quote. */
function startingPrice(subject: NegotiationSubject, itemId: string, quoted: number): number {
  const countered = subject.counterTo?.items.find((item) => item.itemId === itemId);
  return countered?.counterUnitPrice ?? countered?.negotiatedUnitPrice ?? quoted;
}

function negotiationValues(subject: NegotiationSubject): NegotiationFormValues {
  return {
    items: subject.response.items.map((item) => ({
      itemId: item.itemId,
      negotiatedUnitPrice: String(startingPrice(subject, item.itemId, item.unitPrice)),
      negotiationNotes: '',
    })),
    negotiationNotes: '',
  };
}

const totalsOf = (subject: NegotiationSubject, items: NegotiationFormValues['items']) =>
  pricedTotals(
    subject.response.items.map((item, index) => ({
      price: items[index]?.negotiatedUnitPrice ?? '',
      quantity: item.item.quantity,
    })),
  );

/** The negotiation checked as POST /rfqs/{id}/negotiate checks it, with the totals the form shows. */
function negotiationFormSchema(subject: NegotiationSubject) {
  return bodySchema(({ items, negotiationNotes }: NegotiationFormValues) => {
    const { totals, total } = totalsOf(subject, items);
    return {
      vendorId: subject.vendor.id,
      items: items.map((item, index) => ({
        ...item,
        negotiatedUnitPrice: typedNumber(item.negotiatedUnitPrice),
        negotiatedTotalPrice: totals[index],
      })),
      negotiationNotes,
      totalAmount: total,
      isCounterOffer: Boolean(subject.counterTo),
      originalNegotiationId: subject.counterTo?.id ?? null,
    };
  }, negotiateInput);
}

/** Spec 3 §2.4: staff propose a price per item with notes and overall terms. */
export function NegotiationForm({ subject }: { subject: NegotiationSubject }) {
  const navigate = useNavigate();
  const send = useSendNegotiation(subject.rfq.id);
  const isCounter = Boolean(subject.counterTo);
  const form = useForm<NegotiationFormValues, unknown, NegotiateFields>({
    resolver: zodResolver(negotiationFormSchema(subject)),
    defaultValues: negotiationValues(subject),
  });
  const { errors } = form.formState;
  const totalError = computedFieldError(errors, 'totalAmount');
  const { totals, total: negotiatedTotal } = totalsOf(
    subject,
    useWatch({ control: form.control, name: 'items' }),
  );

  const submit = form.handleSubmit(
    (input) =>
      send.mutate(input, {
        onSuccess: () => {
          toast.success(isCounter ? NEGOTIATION_MESSAGES.counterSent : NEGOTIATION_MESSAGES.sent);
          void navigate(`/procurement/rfqs/${subject.rfq.id}`);
        },
        onError: (error) => toast.error(errorMessage(error, NEGOTIATION_MESSAGES.sendFailed)),
      }),
    () => toast.error(NEGOTIATION_MESSAGES.validationTitle, { description: NEGOTIATION_MESSAGES.fixErrors }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {isCounter ? 'Counter Negotiate with Vendor' : 'Negotiate with Vendor'}
        </h1>
        <Badge tone="blue">RFQ #{subject.rfq.number}</Badge>
        {isCounter ? <Badge tone="amber">Counter Offer</Badge> : null}
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="wrap-anywhere">{subject.vendor.name}</CardTitle>
          <p className="text-sm wrap-anywhere text-slate-600">{subject.vendor.email}</p>
          <p className="text-sm text-slate-600">
            Original quote total:{' '}
            <span className="font-medium">{formatNaira(subject.response.totalAmount)}</span>
          </p>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 sm:grid-cols-3">
            <div className="rounded-md bg-slate-50 p-3">
              <dt className="text-xs text-slate-600">Original Total</dt>
              <dd className="text-lg font-semibold">{formatNaira(subject.response.totalAmount)}</dd>
            </div>
            <div className="rounded-md bg-blue-50 p-3">
              <dt className="text-xs text-slate-600">Negotiated Total</dt>
              <dd className="text-lg font-semibold" data-testid="negotiated-total">
                {formatNaira(negotiatedTotal)}
              </dd>
            </div>
            <PriceChange original={subject.response.totalAmount} changed={negotiatedTotal} boxed />
          </dl>
          {totalError ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {totalError}
            </p>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Items</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {subject.response.items.map((item, index) => (
            <PricedItemFieldset
              key={item.itemId}
              item={item.item}
              figures={[
                { label: 'Original unit price', amount: item.unitPrice },
                { label: 'Original total', amount: item.totalPrice },
              ]}
              price={{
                id: `price-${item.itemId}`,
                label: `Negotiated unit price for ${item.item.name}`,
                error: errors.items?.[index]?.negotiatedUnitPrice?.message,
                registration: form.register(`items.${index}.negotiatedUnitPrice`),
              }}
              total={{
                label: 'Negotiated total',
                amount: totals[index] ?? 0,
                change: <PriceChange original={item.totalPrice} changed={totals[index] ?? 0} />,
              }}
            >
              <FormField id={`notes-${item.itemId}`} label="Item negotiation notes">
                {(control) => (
                  <Textarea {...control} {...form.register(`items.${index}.negotiationNotes`)} rows={2} />
                )}
              </FormField>
            </PricedItemFieldset>
          ))}
        </CardContent>
      </Card>

      <Card>
        <CardContent className="space-y-4 pt-4 sm:pt-6">
          <FormField
            id="negotiation-terms"
            label="Negotiation terms"
            required
            error={errors.negotiationNotes?.message}
          >
            {(control) => <Textarea {...control} {...form.register('negotiationNotes')} rows={4} />}
          </FormField>
          {subject.response.notes ? (
            <div className="text-sm">
              <p className="font-medium text-slate-800">Vendor&apos;s original notes</p>
              <p className="wrap-anywhere whitespace-pre-line text-slate-600">{subject.response.notes}</p>
            </div>
          ) : null}
        </CardContent>
      </Card>

      <FormActions cancel={{ onClick: () => void navigate(-1) }} busy={send.isPending} busyLabel="Sending...">
        {isCounter ? 'Send Counter Negotiation' : 'Send Negotiation'}
      </FormActions>
    </form>
  );
}
