import { formatNairaMillions } from '@trowel/shared/format/money.ts';
import type { ReportDto } from '@trowel/shared/reports/report.schemas.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ProjectStatusBadge } from '../../../components/ui/project-status-badge.tsx';

/** How many projects are in each status, with their budgets (or, for clients, their value). */
export function StatusSummary({ rows }: { rows: ReportDto['statusSummary'] }) {
  const internal = rows.some((row) => row.budget !== null);
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
                {internal ? 'Budget' : 'Project Value'}
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
                  {formatNairaMillions((internal ? row.budget : row.value) ?? 0)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
