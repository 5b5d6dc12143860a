import { formatNaira } from '@trowel/shared/format/money.ts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { apiFile, errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { saveBlob } from '../../../lib/download.ts';
import { useComparison, type ComparisonSort } from '../api/get-rfq.ts';

type SortChoice = 'total-asc' | 'total-desc' | 'name-asc';
const SORTS: Record<SortChoice, ComparisonSort> = {
  'total-asc': { sort: 'total', order: 'asc' },
  'total-desc': { sort: 'total', order: 'desc' },
  'name-asc': { sort: 'name', order: 'asc' },
};

/** The server's comparison: a row per item, a column per vendor, the lowest marked; exported as CSV. */
export function QuoteComparison({
  rfqId,
  number,
  quotes,
}: {
  rfqId: string;
  number: number;
  quotes: number;
}) {
  const [sort, setSort] = useState<SortChoice>('total-asc');
  const comparison = useComparison(rfqId, SORTS[sort], quotes > 0);
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      const { blob } = await apiFile(`/rfqs/${rfqId}/comparison/export`, { ...SORTS[sort] });
      saveBlob(blob, `rfq-${number}-comparison.csv`);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to download file'));
    } finally {
      setExporting(false);
    }
  }

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <CardTitle>Quote Comparison</CardTitle>
        {quotes > 0 ? (
          <div className="flex flex-wrap items-end gap-2">
            <SelectField id="comparison-sort" label="Sort" value={sort} onChange={setSort}>
              <option value="total-asc">Total: lowest first</option>
              <option value="total-desc">Total: highest first</option>
              <option value="name-asc">Vendor name</option>
            </SelectField>
            <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting}>
              <Download aria-hidden="true" />
              Export CSV
            </Button>
          </div>
        ) : null}
      </CardHeader>
      <CardContent>
        {quotes === 0 ? (
          <EmptyState title="No quotes yet" description="Quotes appear here as vendors respond." />
        ) : comparison.isPending ? (
          <LoadingState label="Loading comparison..." />
        ) : comparison.isError ? (
          <QueryErrorState title="Failed to load the comparison" query={comparison} />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-max text-sm" aria-label="Quote comparison">
              <thead>
                <tr className="border-b border-slate-200 text-left">
                  <th scope="col" className="py-2 pr-4">
                    Item
                  </th>
                  {comparison.data.vendors.map((vendor) => (
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
                {comparison.data.rows.map((row) => (
                  <tr key={row.itemId} className="border-b border-slate-100">
                    <th scope="row" className="py-2 pr-4 text-left font-medium">
                      {row.name}
                      <span className="block text-xs font-normal text-slate-500">
                        {row.quantity} {row.unit}
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
                  <th scope="row" className="py-2 pr-4 text-left">
                    Grand total
                  </th>
                  {comparison.data.vendors.map((vendor) => (
                    <td
                      key={vendor.vendorId}
                      className={cn(
                        'px-3 py-2 text-right font-semibold tabular-nums',
                        vendor.isLowest && 'text-green-800',
                      )}
                      data-testid="comparison-total"
                    >
                      {formatNaira(vendor.totalAmount)}
                      <span className="block text-xs font-normal text-slate-600">
                        {vendor.isLowest
                          ? 'Lowest'
                          : `+${formatNaira(vendor.differenceFromLowest)} (+${vendor.percentAboveLowest.toFixed(1)}%)`}
                      </span>
                    </td>
                  ))}
                </tr>
              </tfoot>
            </table>
            {comparison.data.awaiting.length > 0 ? (
              <p className="mt-3 text-sm text-slate-600">
                Awaiting quotes from: {comparison.data.awaiting.map((vendor) => vendor.vendorName).join(', ')}
              </p>
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
