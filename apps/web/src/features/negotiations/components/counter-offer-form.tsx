import { formatNaira } from '@trowel/shared/money/format.ts';
import {
  NEGOTIATION_MESSAGES,
  type NegotiationDto,
} from '@trowel/shared/negotiations/negotiation.schemas.ts';
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
import { useAnswerNegotiation } from '../api/answer-negotiation.ts';
import { PriceChange } from './price-change.tsx';
import { PricedItemFieldset } from './priced-item-fieldset.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';

/** Spec 3 §2.5: the vendor answers a negotiation with their own price per item. */
export function CounterOfferForm({ rfqId, negotiation }: { rfqId: string; negotiation: NegotiationDto }) {
  const navigate = useNavigate();
  const answer = useAnswerNegotiation(rfqId, negotiation.id);
  const [prices, setPrices] = useState<Record<string, string>>(() =>
    Object.fromEntries(negotiation.items.map((item) => [item.itemId, String(item.negotiatedUnitPrice)])),
  );
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const priceOf = (itemId: string) => Number(prices[itemId] || 0);
  const totals = negotiation.items.map((item) => lineTotal(item.item.quantity, priceOf(item.itemId)));
  const counterTotal = sumNaira(totals);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const item of negotiation.items) {
      if (!(priceOf(item.itemId) > 0)) found[item.itemId] = NEGOTIATION_MESSAGES.counterPriceTooLow;
    }
    if (!(counterTotal > 0)) found.total = NEGOTIATION_MESSAGES.counterTotalTooLow;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error(NEGOTIATION_MESSAGES.validationTitle, { description: NEGOTIATION_MESSAGES.fixErrors });
      return;
    }
    answer.mutate(
      {
        action: 'counter',
        input: {
          negotiationId: negotiation.id,
          items: negotiation.items.map((item, index) => ({
            itemId: item.itemId,
            counterUnitPrice: priceOf(item.itemId),
            counterTotalPrice: totals[index],
          })),
          notes: notes.trim(),
          totalAmount: counterTotal,
        },
      },
      {
        onSuccess: () => {
          toast.success(NEGOTIATION_MESSAGES.counterSubmitted);
          void navigate(`/rfqs/${rfqId}`);
        },
        onError: (error) => toast.error(errorMessage(error, NEGOTIATION_MESSAGES.counterFailed)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Submit Counter Offer</h1>
        <Badge tone="blue">Negotiation #{negotiation.number}</Badge>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Pricing overview</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 sm:grid-cols-4">
            <div className="rounded-md bg-slate-50 p-3">
              <dt className="text-xs text-slate-600">Original Total</dt>
              <dd className="font-semibold">{formatNaira(negotiation.originalTotal)}</dd>
            </div>
            <div className="rounded-md bg-slate-50 p-3">
              <dt className="text-xs text-slate-600">Their Negotiated</dt>
              <dd className="font-semibold">{formatNaira(negotiation.totalAmount)}</dd>
            </div>
            <div className="rounded-md bg-blue-50 p-3">
              <dt className="text-xs text-slate-600">Your Counter Offer</dt>
              <dd className="font-semibold" data-testid="counter-total">
                {formatNaira(counterTotal)}
              </dd>
            </div>
            <PriceChange original={negotiation.totalAmount} changed={counterTotal} boxed />
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Items</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {negotiation.items.map((item, index) => (
            <PricedItemFieldset
              key={item.itemId}
              item={{ name: item.item.name, quantity: item.item.quantity, unit: item.item.unit }}
              figures={[
                { label: 'Original price', amount: item.originalUnitPrice },
                { label: 'Negotiated price', amount: item.negotiatedUnitPrice },
              ]}
              price={{
                id: `counter-${item.itemId}`,
                label: `Counter price for ${item.item.name}`,
                error: errors[item.itemId],
                value: prices[item.itemId] ?? '',
                onChange: (value) => setPrices((current) => ({ ...current, [item.itemId]: value })),
              }}
              total={{ label: 'Total', amount: totals[index] ?? 0 }}
            />
          ))}
        </CardContent>
      </Card>

      <Card>
        <CardContent className="space-y-4 pt-4 sm:pt-6">
          <FormField id="counter-notes" label="Counter Offer Notes">
            {(control) => (
              <Textarea
                {...control}
                rows={4}
                value={notes}
                onChange={(event) => setNotes(event.target.value)}
              />
            )}
          </FormField>
          <div className="flex items-center justify-between gap-2 text-sm">
            <span className="font-medium text-slate-800">New Total Amount</span>
            <span className="text-lg font-semibold">{formatNaira(counterTotal)}</span>
          </div>
          {errors.total ? (
            <p role="alert" className="text-sm text-red-700">
              {errors.total}
            </p>
          ) : null}
        </CardContent>
      </Card>

      <FormActions
        cancel={{ onClick: () => void navigate(-1) }}
        busy={answer.isPending}
        busyLabel="Submitting..."
      >
        Submit Counter Offer
      </FormActions>
    </form>
  );
}
