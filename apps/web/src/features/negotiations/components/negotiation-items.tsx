import { formatNaira, formatQuantity } from '@trowel/shared/money/format.ts';
import type { ListedNegotiationItem } from '@trowel/shared/negotiations/negotiation.schemas.ts';

/** The items of a negotiation: original price struck through, the offered price and total, notes, and any counter. */
export function NegotiationItems({ items }: { items: ListedNegotiationItem[] }) {
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {items.map((item) => (
        <li key={item.itemId} className="space-y-1 py-2">
          <p className="font-medium wrap-anywhere text-slate-900">
            {item.item.name}{' '}
            <span className="font-normal text-slate-500">
              × {formatQuantity(item.item.quantity)} {item.item.unit}
            </span>
          </p>
          <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <s
              className="text-slate-500"
              aria-label={`Original price ${formatNaira(item.originalUnitPrice)}`}
            >
              {formatNaira(item.originalUnitPrice)}
            </s>
            <span className="font-medium text-blue-800">{formatNaira(item.negotiatedUnitPrice)}</span>
            <span className="text-slate-600">Total {formatNaira(item.negotiatedTotalPrice)}</span>
          </p>
          {item.counterUnitPrice !== null ? (
            <p className="text-slate-700">
              Counter: {formatNaira(item.counterUnitPrice)} (total {formatNaira(item.counterTotalPrice ?? 0)})
            </p>
          ) : null}
          {item.negotiationNotes ? (
            <p className="wrap-anywhere text-slate-600">{item.negotiationNotes}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
