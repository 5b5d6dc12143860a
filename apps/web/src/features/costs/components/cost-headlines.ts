import { COST_FIGURE_LABELS, type ProjectCostsDto } from '@trowel/shared/costs/cost.schemas.ts';
import { formatNaira } from '@trowel/shared/money/format.ts';

/** The headline figures of a project or of the company, in full naira. */
export function costHeadlines(
  costs: Pick<ProjectCostsDto, 'approvedBudget' | 'committed' | 'actual' | 'variance'>,
) {
  return (['approvedBudget', 'committed', 'actual', 'variance'] as const).map((key) => ({
    label: COST_FIGURE_LABELS[key],
    value: formatNaira(costs[key]),
  }));
}
