import { zodResolver } from '@hookform/resolvers/zod';
import { formatNaira } from '@trowel/shared/money/format.ts';
import {
  counterOfferInput,
  NEGOTIATION_MESSAGES,
  type CounterOfferFields,
  type NegotiationDto,
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
import { useAnswerNegotiation } from '../api/answer-negotiation.ts';
import { PriceChange } from './price-change.tsx';
import { PricedItemFieldset } from './priced-item-fieldset.tsx';
import { pricedTotals } from './priced-totals.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';

/** The counter offer as typed: a price per item (text until sent) and the notes. */
interface CounterOfferValues {
  items: Array<{ itemId: string; counterUnitPrice: string }>;
  notes: string;
}

const totalsOf = (negotiation: NegotiationDto, items: CounterOfferValues['items']) =>
  pricedTotals(
    negotiation.items.map((item, index) => ({
      price: items[index]?.counterUnitPrice ?? '',
      quantity: item.item.quantity,
    })),
  );

/** The counter offer checked as POST …/counter checks it, with the totals the form shows. */
function counterOfferSchema(negotiation: NegotiationDto) {
  return bodySchema(({ items, notes }: CounterOfferValues) => {
    const { totals, total } = totalsOf(negotiation, items);
    return {
      negotiationId: negotiation.id,
      items: items.map((item, index) => ({
        itemId: item.itemId,
        counterUnitPrice: typedNumber(item.counterUnitPrice),
        counterTotalPrice: totals[index],
      })),
      notes,
      totalAmount: total,
    };
  }, counterOfferInput);
}

/** Spec 3 §2.5: the vendor answers a negotiation with their own price per item. */
export function CounterOfferForm({ rfqId, negotiation }: { rfqId: string; negotiation: NegotiationDto }) {
  const navigate = useNavigate();
  const answer = useAnswerNegotiation(rfqId, negotiation.id);
  const form = useForm<CounterOfferValues, unknown, CounterOfferFields>({
    resolver: zodResolver(counterOfferSchema(negotiation)),
    defaultValues: {
      items: negotiation.items.map((item) => ({
        itemId: item.itemId,
        counterUnitPrice: String(item.negotiatedUnitPrice),
      })),
      notes: '',
    },
  });
  const { errors } = form.formState;
  const totalError = computedFieldError(errors, 'totalAmount');
  const { totals, total: counterTotal } = totalsOf(
    negotiation,
    useWatch({ control: form.control, name: 'items' }),
  );

  const submit = form.handleSubmit(
    (input) =>
      answer.mutate(
        { action: 'counter', input },
        {
          onSuccess: () => {
            toast.success(NEGOTIATION_MESSAGES.counterSubmitted);
            void navigate(`/rfqs/${rfqId}`);
          },
          onError: (error) => toast.error(errorMessage(error, NEGOTIATION_MESSAGES.counterFailed)),
        },
      ),
    () => toast.error(NEGOTIATION_MESSAGES.validationTitle, { description: NEGOTIATION_MESSAGES.fixErrors }),
  );

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
                error: errors.items?.[index]?.counterUnitPrice?.message,
                registration: form.register(`items.${index}.counterUnitPrice`),
              }}
              total={{ label: 'Total', amount: totals[index] ?? 0 }}
            />
          ))}
        </CardContent>
      </Card>

      <Card>
        <CardContent className="space-y-4 pt-4 sm:pt-6">
          <FormField id="counter-notes" label="Counter Offer Notes">
            {(control) => <Textarea {...control} {...form.register('notes')} rows={4} />}
          </FormField>
          <div className="flex items-center justify-between gap-2 text-sm">
            <span className="font-medium text-slate-800">New Total Amount</span>
            <span className="text-lg font-semibold">{formatNaira(counterTotal)}</span>
          </div>
          {totalError ? (
            <p role="alert" className="text-sm text-red-700">
              {totalError}
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
