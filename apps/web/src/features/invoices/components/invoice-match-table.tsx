import type { InvoiceLine } from '@trowel/shared/invoices/invoice.schemas.ts';
import { formatNaira, formatQuantity } from '@trowel/shared/money/format.ts';

const dash = (value: number | null, format: (n: number) => string = formatQuantity) =>
  value === null ? '—' : format(value);

/**
 * The three-way match, line by line: ordered, received and billed with the agreed and billed prices, and
 * what differs. Stacked on a phone; a table on wider screens.
 */
export function InvoiceMatchTable({ lines }: { lines: readonly InvoiceLine[] }) {
  return (
    <ol aria-label="Three-way match" className="space-y-2">
      {lines.map((line) => (
        <li
          key={line.itemId}
          className={`rounded-md border p-3 text-sm ${line.differences.length ? 'border-amber-300 bg-amber-50' : 'border-slate-200'}`}
        >
          <p className="font-medium wrap-anywhere text-slate-900">
            {line.name ?? 'Line not on the purchase order'}
          </p>
          <dl className="mt-1 grid grid-cols-3 gap-2 text-xs sm:grid-cols-6">
            <div>
              <dt className="text-slate-500">Ordered</dt>
              <dd className="tabular-nums">{dash(line.orderedQuantity)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Received</dt>
              <dd className="tabular-nums">{dash(line.receivedQuantity)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Billed</dt>
              <dd className="tabular-nums">{formatQuantity(line.quantity)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Agreed price</dt>
              <dd className="tabular-nums">{dash(line.agreedUnitPrice, formatNaira)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Billed price</dt>
              <dd className="tabular-nums">{formatNaira(line.unitPrice)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Line total</dt>
              <dd className="tabular-nums">{formatNaira(line.totalPrice)}</dd>
            </div>
          </dl>
          {line.differences.length > 0 ? (
            <ul className="mt-2 list-inside list-disc text-amber-900" data-testid="invoice-differences">
              {line.differences.map((difference) => (
                <li key={difference.kind}>{difference.message}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-xs text-green-700">Matches the order and the deliveries.</p>
          )}
        </li>
      ))}
    </ol>
  );
}
