import { formatNaira, formatQuantity } from '@trowel/shared/money/format.ts';
import type { ComparisonDto } from '@trowel/shared/procurement/rfq.schemas.ts';
import { MoveHorizontal } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';
import { cn } from '../../../lib/cn.ts';
import { VendorGrandTotal } from './vendor-grand-total.tsx';

/**
 * The comparison as a table (wider screens): a row per item, a column per vendor, the lowest marked.
 * The item column stays put while the vendors scroll, and a cue says when there are more to the side.
 */
export function ComparisonTable({ comparison }: { comparison: ComparisonDto }) {
  const itemCell = 'sticky left-0 z-10 bg-white py-2 pr-4 text-left';
  return (
    <div className="space-y-2">
      {/* Positioned, so nothing inside (the visually hidden labels included) lies outside its scroll. */}
      <ScrollRegion
        label="Quote comparison"
        className="relative"
        cue={
          <p className="flex items-center gap-1 text-xs text-slate-600" data-testid="comparison-scroll-cue">
            <MoveHorizontal aria-hidden="true" className="size-4" />
            Scroll sideways to see every vendor
          </p>
        }
      >
        <table className="w-full min-w-max text-sm" aria-label="Quote comparison">
          <thead>
            <tr className="border-b border-slate-200 text-left">
              <th scope="col" className={itemCell}>
                Item
              </th>
              {comparison.vendors.map((vendor) => (
                <th key={vendor.vendorId} scope="col" className="px-3 py-2 text-right">
                  {vendor.vendorName}
                  {vendor.isLate ? (
                    <Badge tone="amber" className="ml-1">
                      Late
                    </Badge>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {comparison.rows.map((row) => (
              <tr key={row.itemId} className="border-b border-slate-100">
                <th scope="row" className={cn(itemCell, 'font-medium')}>
                  {row.name}
                  <span className="block text-xs font-normal text-slate-500">
                    {formatQuantity(row.quantity)} {row.unit}
                  </span>
                </th>
                {row.cells.map((cell) => (
                  <td
                    key={cell.vendorId}
                    className={cn(
                      'px-3 py-2 text-right tabular-nums',
                      cell.isLowest && 'bg-green-50 font-semibold text-green-800',
                    )}
                    data-lowest={cell.isLowest || undefined}
                  >
                    {cell.missing ? (
                      <Badge tone="red">Missing</Badge>
                    ) : (
                      <>
                        {formatNaira(cell.unitPrice ?? 0)}
                        <span className="block text-xs font-normal text-slate-500">
                          {formatNaira(cell.totalPrice ?? 0)}
                        </span>
                        {cell.isLowest ? <span className="sr-only"> (lowest)</span> : null}
                      </>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className={itemCell}>
                Grand total
              </th>
              {comparison.vendors.map((vendor) => (
                <td
                  key={vendor.vendorId}
                  className={cn(
                    'px-3 py-2 text-right font-semibold tabular-nums',
                    vendor.isLowest && 'text-green-800',
                  )}
                  data-testid="comparison-total"
                >
                  <VendorGrandTotal vendor={vendor} />
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </ScrollRegion>
    </div>
  );
}
