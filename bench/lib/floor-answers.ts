import type { z } from 'zod';
import { budgetAnswer, budgetListAnswer } from '@trowel/shared/budgets/budget.schemas.ts';

/**
 * The answer schemas a bare route can write (see `BareServer.serveAnswer`), by name: what crosses to
 * the bare server's process is the name and the answer, and the schema is the server's own.
 */
export const FLOOR_SCHEMAS = {
  budget: budgetAnswer,
  budgetList: budgetListAnswer,
} satisfies Record<string, z.ZodType>;

export type FloorSchemaName = keyof typeof FLOOR_SCHEMAS;
