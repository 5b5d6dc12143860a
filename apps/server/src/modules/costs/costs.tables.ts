import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { CostCategory } from '@trowel/shared/costs/cost-categories.ts';
import { createdAt } from '../../db/schema/columns.ts';
import { projects } from '../../db/schema/projects.ts';

/**
 * The categories of a project over budget now, so the lead and the managers are told once when a
 * category goes over, and again only after it came back under.
 */
export const costAlerts = pgTable(
  'cost_alerts',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    category: text('category').$type<CostCategory>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.category] })],
);
