import { COST_CATEGORIES, type CostCategory } from '@trowel/shared/costs/cost-categories.ts';
import { addCosts, costFigures, isOverBudget, type CostFigures } from '@trowel/shared/costs/cost-figures.ts';
import { COST_TEXTS } from '@trowel/shared/costs/cost.schemas.ts';
import { formatNaira } from '@trowel/shared/money/format.ts';
import { fromKobo } from '@trowel/shared/money/kobo.ts';
import type { Repositories } from '../../platform.ts';
import type { WorkflowActor } from '../../workflow/step.ts';
import type { WorkflowTransaction } from '../../workflow/workflow-transaction.ts';
import type { KeyedCostParts } from './costs.repository.ts';

export interface ProjectCostFigures extends CostFigures {
  byCategory: Array<CostFigures & { category: CostCategory; overBudget: boolean }>;
}

/** A project's figures, category by category in the listed order, and their total. */
export function projectFigures(rows: ReadonlyArray<KeyedCostParts<CostCategory>>): ProjectCostFigures {
  const order = (category: CostCategory) => COST_CATEGORIES.indexOf(category);
  const byCategory = [...rows]
    .sort((a, b) => order(a.key) - order(b.key))
    .map((row) => {
      const figures = costFigures(row);
      return { ...figures, category: row.key, overBudget: isOverBudget(figures) };
    });
  return { ...costFigures(addCosts(rows)), byCategory };
}

/**
 * After anything that changes what a project costs, in the same transaction: its spent becomes what it
 * actually cost (once it has an order or stock issued), and its lead, the project managers and the
 * accountant are told of each category that went over budget (once, until it comes back within).
 */
export async function reconcileProjectCosts(
  tx: WorkflowTransaction,
  actor: WorkflowActor,
  projectId: string | null,
) {
  if (!projectId) return;
  const repos: Repositories = tx.repos;
  const figures = projectFigures(await repos.costs.byCategory(projectId));
  // The project's lists, detail and dashboard show its spent: they are dropped when it moved.
  const derived = await repos.costs.hasCostRecords(projectId);
  if (derived && (await repos.costs.setDerivedSpent(projectId, figures.actual)))
    tx.invalidate({ kind: 'projects' });
  const over = figures.byCategory.filter((row) => row.overBudget);
  const alerted = await repos.costs.alertedCategories(projectId);
  await repos.costs.clearAlerts(
    projectId,
    alerted.filter((category) => !over.some((row) => row.category === category)),
  );
  const raised = await repos.costs.raiseAlerts(
    projectId,
    over.map((row) => row.category),
  );
  if (raised.length === 0) return;
  const project = await repos.costs.projectHead(projectId);
  if (!project) return;
  await tx.notify(
    actor,
    over
      .filter((row) => raised.includes(row.category))
      .map((row) => ({
        type: 'budget' as const,
        title: COST_TEXTS.overBudgetTitle(row.category),
        message: COST_TEXTS.overBudgetMessage(
          project.title,
          row.category,
          formatNaira(fromKobo(Math.max(row.committed, row.actual))),
          formatNaira(fromKobo(row.approvedBudget)),
        ),
        link: `/projects/${projectId}/costs`,
        projectId,
        recipientUsers: project.projectLeadId ? [project.projectLeadId] : [],
        recipientRoles: ['project_manager', 'accountant'],
      })),
  );
}
