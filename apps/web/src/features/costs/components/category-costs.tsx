import { COST_FIGURE_LABELS, COST_TEXTS, type CategoryCostsDto } from '@trowel/shared/costs/cost.schemas.ts';
import type { CostFigureKey } from '@trowel/shared/costs/cost.schemas.ts';
import { formatNaira } from '@trowel/shared/money/format.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';

const KEYS = Object.keys(COST_FIGURE_LABELS) as CostFigureKey[];

/** Whether a category is over or within its budget, as a badge. */
export function BudgetBadge({ overBudget }: { overBudget: boolean }) {
  return overBudget ? (
    <Badge tone="red">{COST_TEXTS.overBudget}</Badge>
  ) : (
    <Badge tone="green">{COST_TEXTS.withinBudget}</Badge>
  );
}

/** Each category with every figure: two a row on a phone, four on a wide screen; amounts wrap inside. */
export function CategoryCosts({ categories }: { categories: readonly CategoryCostsDto[] }) {
  return (
    <ul aria-label="Costs by category" className="space-y-3">
      {categories.map((row) => (
        <li key={row.category}>
          <Card className="p-4">
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold text-slate-900">{row.category}</h3>
              <BudgetBadge overBudget={row.overBudget} />
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm lg:grid-cols-4">
              {KEYS.map((key) => (
                <div key={key} className="min-w-0">
                  <dt className="text-xs text-slate-600">{COST_FIGURE_LABELS[key]}</dt>
                  <dd
                    className={cn(
                      'font-medium tabular-nums [overflow-wrap:anywhere]',
                      key === 'variance' && row.variance < 0 ? 'text-red-700' : 'text-slate-900',
                    )}
                  >
                    {formatNaira(row[key])}
                  </dd>
                </div>
              ))}
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  );
}
