import {
  NEGOTIATION_MESSAGES,
  type ListedNegotiationDto,
} from '@trowel/shared/negotiations/negotiation.schemas.ts';
import { formatNaira } from '@trowel/shared/money/format.ts';
import { sumNaira } from '@trowel/shared/money/kobo.ts';
import { lineTotal } from '@trowel/shared/money/line-total.ts';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSendNegotiation } from '../api/send-negotiation.ts';
import { PriceChange } from './price-change.tsx';
import { PricedItemFieldset } from './priced-item-fieldset.tsx';
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

interface Line {
  price: string;
  notes: string;
}

/** The starting price of an item: the vendor's counter price when answering one, else their quote. */
function startingPrice(subject: NegotiationSubject, itemId: string, quoted: number): number {
  const countered = subject.counterTo?.items.find((item) => item.itemId === itemId);
  return countered?.counterUnitPrice ?? countered?.negotiatedUnitPrice ?? quoted;
}

/** Spec 3 §2.4: staff propose a price per item with notes and overall terms. */
export function NegotiationForm({ subject }: { subject: NegotiationSubject }) {
  const navigate = useNavigate();
  const send = useSendNegotiation(subject.rfq.id);
  const isCounter = Boolean(subject.counterTo);
  const [lines, setLines] = useState<Record<string, Line>>(() =>
    Object.fromEntries(
      subject.response.items.map((item) => [
        item.itemId,
        { price: String(startingPrice(subject, item.itemId, item.unitPrice)), notes: '' },
      ]),
    ),
  );
  const [terms, setTerms] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const priceOf = (itemId: string) => Number(lines[itemId]?.price || 0);
  const totals = subject.response.items.map((item) => lineTotal(item.item.quantity, priceOf(item.itemId)));
  const negotiatedTotal = sumNaira(totals);
  const setLine = (itemId: string, change: Partial<Line>) =>
    setLines((current) => ({ ...current, [itemId]: { ...current[itemId]!, ...change } }));

  const validate = () => {
    const found: Record<string, string> = {};
    for (const item of subject.response.items) {
      if (!(priceOf(item.itemId) > 0)) found[item.itemId] = NEGOTIATION_MESSAGES.negotiatedPriceTooLow;
    }
    if (!(negotiatedTotal > 0)) found.total = NEGOTIATION_MESSAGES.negotiatedTotalTooLow;
    if (!terms.trim()) found.terms = NEGOTIATION_MESSAGES.notesRequired;
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error(NEGOTIATION_MESSAGES.validationTitle, { description: NEGOTIATION_MESSAGES.fixErrors });
      return;
    }
    send.mutate(
      {
        vendorId: subject.vendor.id,
        items: subject.response.items.map((item, index) => ({
          itemId: item.itemId,
          negotiatedUnitPrice: priceOf(item.itemId),
          negotiatedTotalPrice: totals[index],
          negotiationNotes: lines[item.itemId]?.notes ?? '',
        })),
        negotiationNotes: terms.trim(),
        totalAmount: negotiatedTotal,
        isCounterOffer: isCounter,
        originalNegotiationId: subject.counterTo?.id ?? null,
      },
      {
        onSuccess: () => {
          toast.success(isCounter ? NEGOTIATION_MESSAGES.counterSent : NEGOTIATION_MESSAGES.sent);
          void navigate(`/procurement/rfqs/${subject.rfq.id}`);
        },
        onError: (error) => toast.error(errorMessage(error, NEGOTIATION_MESSAGES.sendFailed)),
      },
    );
  };

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
          {errors.total ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {errors.total}
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
                error: errors[item.itemId],
                value: lines[item.itemId]?.price ?? '',
                onChange: (price) => setLine(item.itemId, { price }),
              }}
              total={{
                label: 'Negotiated total',
                amount: totals[index] ?? 0,
                change: <PriceChange original={item.totalPrice} changed={totals[index] ?? 0} />,
              }}
            >
              <FormField id={`notes-${item.itemId}`} label="Item negotiation notes">
                {(control) => (
                  <Textarea
                    {...control}
                    rows={2}
                    value={lines[item.itemId]?.notes ?? ''}
                    onChange={(event) => setLine(item.itemId, { notes: event.target.value })}
                  />
                )}
              </FormField>
            </PricedItemFieldset>
          ))}
        </CardContent>
      </Card>

      <Card>
        <CardContent className="space-y-4 pt-4 sm:pt-6">
          <FormField id="negotiation-terms" label="Negotiation terms" required error={errors.terms}>
            {(control) => (
              <Textarea
                {...control}
                rows={4}
                value={terms}
                onChange={(event) => setTerms(event.target.value)}
              />
            )}
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
