import { formatNaira, formatQuantity } from '@trowel/shared/money/format.ts';
import type { ComparisonDto } from '@trowel/shared/procurement/rfq.schemas.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { VendorGrandTotal } from './vendor-grand-total.tsx';

/**
 * The comparison stacked for a phone: each vendor's grand total, then each item with every vendor's
 * total for it (and unit price), the lowest marked. Nothing to swipe: the figures wrap under the names.
 */
export function ComparisonCards({ comparison }: { comparison: ComparisonDto }) {
  const vendorName = new Map(comparison.vendors.map((vendor) => [vendor.vendorId, vendor.vendorName]));
  return (
    <div className="space-y-4" data-testid="comparison-cards">
      <section aria-label="Grand totals">
        <h3 className="text-sm font-semibold text-slate-900">Grand totals</h3>
        <ol className="divide-y divide-slate-100">
          {comparison.vendors.map((vendor) => (
            <li key={vendor.vendorId} className="flex items-start justify-between gap-3 py-2 text-sm">
              <span className="min-w-0 font-medium wrap-anywhere">
                {vendor.vendorName}
                {vendor.isLate ? (
                  <Badge tone="amber" className="ml-1">
                    Late
                  </Badge>
                ) : null}
              </span>
              <span
                className={cn(
                  'shrink-0 text-right font-semibold tabular-nums',
                  vendor.isLowest && 'text-green-800',
                )}
                data-testid="comparison-card-total"
              >
                <VendorGrandTotal vendor={vendor} />
              </span>
            </li>
          ))}
        </ol>
      </section>
      <section aria-label="Prices by item" className="space-y-3">
        <h3 className="text-sm font-semibold text-slate-900">Prices by item</h3>
        <ul className="space-y-3">
          {comparison.rows.map((row) => (
            <li key={row.itemId} className="rounded-md border border-slate-200 p-3 text-sm">
              <p className="font-medium wrap-anywhere text-slate-900">
                {row.name}{' '}
                <span className="font-normal text-slate-500">
                  × {formatQuantity(row.quantity)} {row.unit}
                </span>
              </p>
              <ul className="mt-1 divide-y divide-slate-100">
                {row.cells.map((cell) => (
                  <li
                    key={cell.vendorId}
                    className="flex items-start justify-between gap-3 py-1.5"
                    data-lowest={cell.isLowest || undefined}
                  >
                    <span className="min-w-0 wrap-anywhere">
                      {vendorName.get(cell.vendorId) ?? 'Unknown vendor'}
                      {cell.isLowest ? (
                        <Badge tone="green" className="ml-1">
                          Lowest
                        </Badge>
                      ) : null}
                    </span>
                    {cell.missing ? (
                      <Badge tone="red">Missing</Badge>
                    ) : (
                      <span
                        className={cn(
                          'shrink-0 text-right font-medium tabular-nums',
                          cell.isLowest && 'text-green-800',
                        )}
                      >
                        {formatNaira(cell.totalPrice ?? 0)}
                        <span className="block text-xs font-normal text-slate-500">
                          {formatNaira(cell.unitPrice ?? 0)} each
                        </span>
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
