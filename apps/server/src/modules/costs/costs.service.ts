import {
  addCosts,
  costFigures,
  costFiguresInNaira,
  isOverBudget,
} from '@trowel/shared/costs/cost-figures.ts';
import {
  COST_FIGURE_LABELS,
  type companyCostsAnswer,
  type CostFigureKey,
  type ListCostsQuery,
  type ProjectCostsDto,
} from '@trowel/shared/costs/cost.schemas.ts';
import { paginate } from '@trowel/shared/http/pagination.ts';
import { plainNaira } from '@trowel/shared/money/format.ts';
import { seesProjectFigures } from '@trowel/shared/projects/project.policy.ts';
import type { Payload } from '@trowel/shared/http/envelope.ts';
import type { ModuleContext } from '../../platform.ts';
import type { AuthUser } from '../../http/access.ts';
import { notFound } from '../../http/app-error.ts';
import { csvText } from '../../lib/csv.ts';
import { projectFigures } from './cost-reconcile.ts';

/**
 * Route check: a project the actor sees, and for a lead one they lead (404 otherwise, as for its
 * budgets); the role was checked before (`costs:read`).
 */
export async function costsProject(ctx: ModuleContext, actor: AuthUser, projectId: string) {
  const project = await ctx.projects.findVisible(actor, projectId);
  if (!project || !seesProjectFigures(actor, project)) throw notFound('Project');
  return project;
}

/** A project's budget against what it costs, in total and category by category. */
export async function projectCosts(
  ctx: ModuleContext,
  actor: AuthUser,
  projectId: string,
): Promise<ProjectCostsDto> {
  const project = await costsProject(ctx, actor, projectId);
  const figures = projectFigures(await ctx.costs.byCategory(project.id));
  const { byCategory, ...total } = figures;
  return {
    projectId: project.id,
    projectTitle: project.title,
    ...costFiguresInNaira(total),
    overBudget: isOverBudget(total),
    byCategory: byCategory.map(({ category, overBudget, ...row }) => ({
      category,
      overBudget,
      ...costFiguresInNaira(row),
    })),
  };
}

/** The company's projects a page at a time (by title) with their figures, and the totals of all of them. */
export async function companyCosts(
  ctx: ModuleContext,
  query: ListCostsQuery,
): Promise<Payload<typeof companyCostsAnswer>> {
  const [page, all] = await Promise.all([
    ctx.costs.projectPage(query.page, query.limit),
    ctx.costs.byProject('all'),
  ]);
  const byProject = new Map(all.map((row) => [row.key, costFigures(row)]));
  const total = costFigures(addCosts(all));
  return {
    costs: page.rows.map((project) => {
      const figures = byProject.get(project.id) ?? costFigures(addCosts([]));
      return {
        projectId: project.id,
        projectTitle: project.title,
        ...costFiguresInNaira(figures),
        overBudget: isOverBudget(figures),
      };
    }),
    pagination: paginate(query.page, query.limit, page.total),
    totals: {
      ...costFiguresInNaira(total),
      overBudgetProjects: [...byProject.values()].filter(isOverBudget).length,
    },
  };
}

const COLUMNS = Object.entries(COST_FIGURE_LABELS) as Array<[CostFigureKey, string]>;

/** A project's costs as a CSV file: a row per category, then the total. */
export async function projectCostsCsv(ctx: ModuleContext, actor: AuthUser, projectId: string) {
  const costs = await projectCosts(ctx, actor, projectId);
  const row = (label: string, figures: Record<CostFigureKey, number>, over: boolean) => [
    label,
    ...COLUMNS.map(([key]) => plainNaira(figures[key])),
    over ? 'yes' : 'no',
  ];
  return {
    filename: `costs-${
      costs.projectTitle
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .toLowerCase() || 'project'
    }.csv`,
    csv: csvText([
      ['Category', ...COLUMNS.map(([, header]) => header), 'Over budget'],
      ...costs.byCategory.map((category) => row(category.category, category, category.overBudget)),
      row('Total', costs, costs.overBudget),
    ]),
  };
}
