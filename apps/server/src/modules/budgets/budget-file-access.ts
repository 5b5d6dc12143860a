import { canSeeBudget } from '@trowel/shared/budgets/budget.policy.ts';
import type { FileAccessRules } from '../../platform.ts';

/** Budget documents: whoever sees the budget. */
export const budgetFileAccess: FileAccessRules = {
  budget: {
    who: 'everyone who sees the budget: its readers, the lead of its project, a draft only its author and the administrator',
    mayOpen: async (ctx, viewer, file) => {
      const budget = viewer && file.budgetId ? await ctx.budgets.find(file.budgetId) : null;
      return Boolean(viewer && budget && canSeeBudget(viewer, budget, budget));
    },
  },
};
