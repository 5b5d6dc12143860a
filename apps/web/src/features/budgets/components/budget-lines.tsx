import type { BudgetItemDto } from '@trowel/shared/budgets/budget.schemas.ts';
import { formatNaira, formatQuantity } from '@trowel/shared/money/format.ts';

// The columns of a line from lg up; below it a line is stacked: description and total, then the
// quantity at its unit price, then the notes, so the total never leaves a phone's screen.
const COLUMNS = 'lg:grid-cols-[minmax(0,2fr)_5rem_10rem_10rem_minmax(0,1.5fr)] lg:gap-x-3';

/** A budget's lines: stacked on a phone with each total in view, in columns on a wide screen. */
export function BudgetLines({ items }: { items: readonly BudgetItemDto[] }) {
  return (
    <div className="text-sm">
      <div aria-hidden="true" className={`hidden pb-1 text-xs font-medium text-slate-500 lg:grid ${COLUMNS}`}>
        <span>Description</span>
        <span className="text-right">Qty</span>
        <span className="text-right">Unit price</span>
        <span className="text-right">Total</span>
        <span>Notes</span>
      </div>
      <ul aria-label="Budget lines" className="divide-y divide-slate-100 border-t border-slate-100">
        {items.map((item) => (
          <li
            key={item.id}
            className={`grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-0.5 py-2 lg:items-baseline ${COLUMNS}`}
          >
            <p className="font-medium wrap-anywhere text-slate-900 lg:col-start-1 lg:row-start-1 lg:font-normal">
              {item.description}
              <span className="block text-xs font-normal text-slate-600">{item.category}</span>
            </p>
            <p className="text-right font-semibold wrap-anywhere text-slate-900 tabular-nums lg:col-start-4 lg:row-start-1 lg:font-normal">
              <span className="sr-only">Total </span>
              {formatNaira(item.total)}
            </p>
            <p className="col-span-2 flex flex-wrap gap-x-1 text-slate-600 tabular-nums lg:contents">
              <span className="lg:col-start-2 lg:row-start-1 lg:text-right lg:text-slate-900">
                <span className="sr-only">Quantity </span>
                {formatQuantity(item.quantity)}
              </span>
              <span className="wrap-anywhere lg:col-start-3 lg:row-start-1 lg:text-right lg:text-slate-900">
                <span aria-hidden="true" className="lg:hidden">
                  ×{' '}
                </span>
                <span className="sr-only">at </span>
                {formatNaira(item.unitPrice)}
              </span>
            </p>
            {item.notes ? (
              <p className="col-span-2 wrap-anywhere text-slate-600 lg:col-span-1 lg:col-start-5 lg:row-start-1">
                <span className="font-medium lg:sr-only">Notes: </span>
                {item.notes}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
