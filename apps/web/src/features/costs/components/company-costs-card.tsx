import { COST_TEXTS } from '@trowel/shared/costs/cost.schemas.ts';
import { countOf } from '@trowel/shared/format/plural.ts';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FigureGrid } from '../../../components/ui/figure-grid.tsx';
import { LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { useCompanyCosts } from '../api/get-costs.ts';
import { costHeadlines } from './cost-headlines.ts';

/** The dashboard's card for the administrator and the accountant: the company's totals and a link to every project. */
export function CompanyCostsCard() {
  const query = useCompanyCosts(1, 1);
  return (
    <Card>
      <CardHeader className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle>{COST_TEXTS.companyTitle}</CardTitle>
        <Link to="/costs" className={buttonClasses('outline', 'sm')}>
          Every project&apos;s costs
        </Link>
      </CardHeader>
      <CardContent className="space-y-3">
        {query.isPending ? (
          <LoadingState label="Loading costs..." />
        ) : query.isError ? (
          <QueryErrorState title={COST_TEXTS.loadFailed} query={query} />
        ) : (
          <>
            <FigureGrid
              label="Company cost figures"
              figures={costHeadlines(query.data.totals)}
              fullAmounts
              className="lg:grid-cols-4"
            />
            <p className="text-sm text-slate-700">
              {query.data.totals.overBudgetProjects === 0
                ? 'No project is over budget.'
                : `${countOf(query.data.totals.overBudgetProjects, 'project')} over budget.`}
            </p>
            <p className="text-xs text-slate-600">
              {COST_TEXTS.approvedExplained} {COST_TEXTS.actualExplained}
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
