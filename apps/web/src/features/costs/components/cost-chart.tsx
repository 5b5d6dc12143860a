import type { CategoryCostsDto } from '@trowel/shared/costs/cost.schemas.ts';
import { COST_FIGURE_LABELS } from '@trowel/shared/costs/cost.schemas.ts';
import { formatNaira, formatNairaMillions } from '@trowel/shared/money/format.ts';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';

/** The bars: budget, committed, paid and drawn from the stores, of each category (the last two make its actual). */
const SERIES = [
  { key: 'approvedBudget', fill: '#1e3a8a' },
  { key: 'committed', fill: '#d97706' },
  { key: 'paid', fill: '#15803d' },
  { key: 'stockIssued', fill: '#7c3aed' },
] as const;

/**
 * Budget against committed, paid and stock issued, category by category, as horizontal bars (the category names
 * stay readable on a phone). The same figures are listed under the chart and said to screen readers.
 */
export function CostChart({ categories }: { categories: readonly CategoryCostsDto[] }) {
  const description = categories
    .map(
      (row) =>
        `${row.category}: ${SERIES.map(({ key }) => `${COST_FIGURE_LABELS[key]} ${formatNaira(row[key])}`).join(', ')}`,
    )
    .join('; ');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Budget, committed, paid and stock issued</CardTitle>
      </CardHeader>
      <CardContent>
        <figure>
          <div className="w-full" style={{ height: 80 + categories.length * 72 }} aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%">
              {/* A picture of the figures beside it: recharts' keyboard layer would be focusable inside it. */}
              <BarChart
                data={[...categories]}
                accessibilityLayer={false}
                layout="vertical"
                margin={{ top: 0, right: 8, bottom: 0, left: 0 }}
              >
                <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                <XAxis type="number" tickFormatter={formatNairaMillions} tick={{ fontSize: 11 }} />
                <YAxis type="category" dataKey="category" width={96} tick={{ fontSize: 12 }} />
                <Tooltip formatter={(value) => formatNaira(Number(value))} />
                <Legend />
                {SERIES.map(({ key, fill }) => (
                  <Bar key={key} dataKey={key} name={COST_FIGURE_LABELS[key]} fill={fill} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
          <figcaption className="sr-only">{description}</figcaption>
        </figure>
      </CardContent>
    </Card>
  );
}
