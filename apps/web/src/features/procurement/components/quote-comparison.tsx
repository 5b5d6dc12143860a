import type { ComparisonQuery } from '@trowel/shared/procurement/rfq.schemas.ts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { apiFile, errorMessage } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/download.ts';
import { useComparison } from '../api/get-rfq.ts';
import { ComparisonCards } from './comparison-cards.tsx';
import { ComparisonTable } from './comparison-table.tsx';

type SortChoice = 'total-asc' | 'total-desc' | 'name-asc';
const SORTS: Record<SortChoice, ComparisonQuery> = {
  'total-asc': { sort: 'total', order: 'asc' },
  'total-desc': { sort: 'total', order: 'desc' },
  'name-asc': { sort: 'name', order: 'asc' },
};

/**
 * The server's comparison, the lowest marked: stacked per item on a phone, a table (a row per item, a
 * column per vendor) on wider screens; exported as CSV.
 */
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
          <div className="space-y-3">
            <div className="sm:hidden">
              <ComparisonCards comparison={comparison.data} />
            </div>
            <div className="hidden sm:block">
              <ComparisonTable comparison={comparison.data} />
            </div>
            {comparison.data.awaiting.length > 0 ? (
              <p className="text-sm wrap-anywhere text-slate-600">
                Awaiting quotes from: {comparison.data.awaiting.map((vendor) => vendor.vendorName).join(', ')}
              </p>
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
