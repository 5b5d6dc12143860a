import { COST_TEXTS, type ProjectCostsDto } from '@trowel/shared/costs/cost.schemas.ts';
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FigureGrid } from '../../../components/ui/figure-grid.tsx';
import { EmptyState } from '../../../components/ui/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useExportProjectCosts } from '../api/get-costs.ts';
import { CategoryCosts } from './category-costs.tsx';
import { CostChart } from './cost-chart.tsx';
import { costHeadlines } from './cost-headlines.ts';

/** A project's costs: headline figures, what is over budget, the chart, each category, and the CSV. */
export function ProjectCostsView({ costs }: { costs: ProjectCostsDto }) {
  const exportCsv = useExportProjectCosts(costs.projectId);
  const over = costs.byCategory.filter((row) => row.overBudget).map((row) => row.category);
  const onExport = () =>
    exportCsv.mutate(undefined, {
      onSuccess: (fileName) =>
        toast.success(COST_TEXTS.exported, { description: `${fileName} has been downloaded.` }),
      onError: (error) =>
        toast.error('Export Failed', { description: errorMessage(error, 'Please try again.') }),
    });
  return (
    <div className="space-y-6">
      <div className="flex justify-end">
        <Button variant="outline" onClick={onExport} disabled={exportCsv.isPending}>
          <Download aria-hidden="true" />
          {exportCsv.isPending ? 'Exporting...' : 'Export CSV'}
        </Button>
      </div>
      <FigureGrid
        label="Cost figures"
        figures={costHeadlines(costs)}
        fullAmounts
        className="lg:grid-cols-4"
      />
      <p className="text-xs text-slate-600">
        {COST_TEXTS.approvedExplained} {COST_TEXTS.actualExplained}
      </p>
      {over.length > 0 ? (
        <Alert tone="warning" title={COST_TEXTS.overBudget}>
          More is committed or spent than budgeted on {over.join(', ')}.
        </Alert>
      ) : null}
      {costs.byCategory.length === 0 ? (
        <EmptyState title={COST_TEXTS.none} description={COST_TEXTS.noneDescription} />
      ) : (
        <>
          <CostChart categories={costs.byCategory} />
          <CategoryCosts categories={costs.byCategory} />
        </>
      )}
    </div>
  );
}
