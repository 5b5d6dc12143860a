import { formatNaira, formatQuantity } from '@trowel/shared/money/format.ts';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';

interface Figure {
  label: string;
  amount: number;
}

/**
 * One RFQ item in a price form (a negotiation, a vendor's counter offer): its name and quantity, the
 * two prices it had, the price field, and the line total that follows the price typed.
 */
export function PricedItemFieldset({
  item,
  figures,
  price,
  total,
  children,
}: {
  item: { name: string; quantity: number; unit: string; description?: string };
  figures: readonly [Figure, Figure];
  /** The price box: its id, label, error and its registration in the form. */
  price: {
    id: string;
    label: string;
    error?: string | undefined;
    registration: UseFormRegisterReturn;
  };
  /** The line total; `change` shows beside it (how it moved from the original). */
  total: Figure & { change?: ReactNode };
  /** More fields of the item (notes). */
  children?: ReactNode;
}) {
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 font-medium wrap-anywhere text-slate-900">{item.name}</legend>
      <p className="text-xs text-slate-600">
        {formatQuantity(item.quantity)} {item.unit}
        {item.description ? ` · ${item.description}` : ''}
      </p>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt className="text-slate-600">{figure.label}</dt>
            <dd>{formatNaira(figure.amount)}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={price.id} label={price.label} error={price.error}>
          {(control) => (
            <Input
              {...control}
              {...price.registration}
              type="number"
              inputMode="decimal"
              min="0"
              step="0.01"
            />
          )}
        </FormField>
        <div className="text-sm">
          <p className="text-slate-600">{total.label}</p>
          <p className="font-medium">{formatNaira(total.amount)}</p>
          {total.change}
        </div>
      </div>
      {children}
    </fieldset>
  );
}
