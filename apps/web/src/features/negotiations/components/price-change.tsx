import { formatNaira } from '@trowel/shared/money/format.ts';
import { priceChange } from '@trowel/shared/negotiations/negotiation.pricing.ts';
import { cn } from '../../../lib/cn.ts';

/** 'Increase' or 'Savings' from an original amount, with its percent to one decimal (0% for a zero original). */
export function PriceChange({
  original,
  changed,
  boxed,
}: {
  original: number;
  changed: number;
  boxed?: boolean;
}) {
  const { amount, percent } = priceChange(original, changed);
  const increase = amount > 0;
  const label = increase ? 'Increase' : 'Savings';
  const text = `${formatNaira(Math.abs(amount))} (${Math.abs(percent).toFixed(1)}%)`;
  if (boxed) {
    return (
      <div className={cn('rounded-md p-3', increase ? 'bg-red-50' : 'bg-green-50')}>
        <dt className="text-xs text-slate-600">{label}</dt>
        <dd className={cn('text-lg font-semibold', increase ? 'text-red-700' : 'text-green-700')}>{text}</dd>
      </div>
    );
  }
  return (
    <p className={cn('text-xs', increase ? 'text-red-700' : 'text-green-700')}>
      {label}: {text}
    </p>
  );
}
