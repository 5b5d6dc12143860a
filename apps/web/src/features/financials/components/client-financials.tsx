import { formatNaira } from '@trowel/shared/money/format.ts';
import type { InstallmentStatus } from '@trowel/shared/financials/financials.schemas.ts';
import { financialsFigures } from '@trowel/shared/financials/payment-figures.ts';
import { FIGURE_NAMES } from '@trowel/shared/reports/money-figures.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { FigureGrid } from '../../../components/ui/figure-grid.tsx';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { formatDateOnly } from '../../../lib/format-date.ts';
import { useFinancials } from '../api/financials.ts';

const TONES = { pending: 'amber', paid: 'green', overdue: 'red' } as const satisfies Record<
  InstallmentStatus,
  'amber' | 'green' | 'red'
>;

/** The client's Financials tab, read-only: value, amount paid, outstanding and the installments. */
export function ClientFinancials({ projectId }: { projectId: string }) {
  const query = useFinancials(projectId);
  if (query.isPending) return <LoadingState label="Loading financials..." />;
  if (query.isError) return <QueryErrorState title="Failed to load financials" query={query} />;
  const financials = query.data;
  if (!financials)
    return (
      <EmptyState
        title="No financial details yet"
        description="Payments and installments of this project will show here."
      />
    );
  // The same rule as the accountant's form and every answer: value = original + approved variations,
  // paid = initial + paid installments.
  const figures = financialsFigures(
    financials.originalValue,
    financials.initialPayment,
    financials.installments,
    financials.approvedVariations,
  );
  return (
    <div className="space-y-4">
      <FigureGrid
        label="Project financials"
        fullAmounts
        className="xl:grid-cols-3"
        figures={[
          { label: FIGURE_NAMES.originalValue, value: formatNaira(figures.originalValue) },
          { label: FIGURE_NAMES.approvedVariations, value: formatNaira(figures.approvedVariations) },
          { label: FIGURE_NAMES.projectValue, value: formatNaira(figures.totalProjectValue) },
          { label: FIGURE_NAMES.amountPaid, value: formatNaira(figures.amountPaid) },
          { label: FIGURE_NAMES.outstandingBalance, value: formatNaira(figures.outstandingBalance) },
        ]}
      />
      <ul aria-label="Installments" className="divide-y divide-slate-100 rounded-md border border-slate-200">
        {financials.installments.map((installment, index) => (
          <li
            key={installment.id}
            className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
          >
            <span className="text-slate-600">Installment {index + 1}</span>
            <span className="font-medium text-slate-900">{formatNaira(installment.amount)}</span>
            <span className="text-slate-600">Due {formatDateOnly(installment.dueDate)}</span>
            <Badge tone={TONES[installment.status]}>
              {installment.status.charAt(0).toUpperCase() + installment.status.slice(1)}
            </Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}
