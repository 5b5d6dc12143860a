import { maySeeMoney } from '@trowel/shared/auth/money-visibility.ts';
import { formatNairaMillions } from '@trowel/shared/money/format.ts';
import { FIGURE_NAMES, formatRecorded } from '@trowel/shared/reports/money-figures.ts';
import type { ReportDto } from '@trowel/shared/reports/report.schemas.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ProjectStatusBadge } from '../../../components/ui/project-status-badge.tsx';
import { useCurrentUser } from '../../../lib/session.ts';

/**
 * How many projects are in each status, with their budgets (staff) or, for clients, their recorded
 * value ('Not recorded yet' where none is).
 */
export function StatusSummary({ rows }: { rows: ReportDto['statusSummary'] }) {
  const internal = maySeeMoney(useCurrentUser(), 'internal-cost');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Project Status Summary</CardTitle>
      </CardHeader>
      <CardContent>
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs tracking-wide text-slate-500 uppercase">
              <th scope="col" className="py-2 font-medium">
                Status
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Projects
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {internal ? 'Budget' : FIGURE_NAMES.projectValue}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.status} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="py-2 text-left font-normal">
                  <ProjectStatusBadge status={row.status} />
                </th>
                <td className="py-2 text-right tabular-nums">{row.count}</td>
                <td className="py-2 text-right tabular-nums">
                  {internal
                    ? formatNairaMillions(row.budget ?? 0)
                    : formatRecorded(row.value, formatNairaMillions)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
