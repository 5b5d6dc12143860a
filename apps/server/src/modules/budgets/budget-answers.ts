import { createHash } from 'node:crypto';
import { z } from 'zod';
import { budgetDto } from '@trowel/shared/budgets/budget.schemas.ts';
import type { ModuleContext } from '../../platform.ts';
import { fileTokenExpiry } from '../../files/file-token.ts';
import { serializerOf } from '../../http/serializer.ts';
import type { Logger } from '../../lib/logger.ts';
import { toBudgetDto } from './budget-dto.ts';
import type { AnswerStamp, PageEntry } from './budgets.repository.ts';

/**
 * Raised whenever `toBudgetDto` writes an answer differently while its schema stays the same: kept
 * answers of the former build then no longer match (see `answerStamp`).
 */
const ANSWER_BUILD = 1;

const formats = new Map<string, string>();

/**
 * The stamp of answers kept now: the answer's format (its schema, its build and the secret its file
 * links are signed with, hashed) and the quarter hour its links are signed for, which only a budget
 * with documents carries (see the `budgetAnswers` table).
 */
export function answerStamp(secret: string, now = Date.now()): AnswerStamp {
  let format = formats.get(secret);
  if (!format) {
    format = createHash('sha256')
      .update(JSON.stringify([ANSWER_BUILD, z.toJSONSchema(budgetDto), secret]))
      .digest('base64url')
      .slice(0, 16);
    formats.set(secret, format);
  }
  return { format, links: fileTokenExpiry(now).toString(36) };
}

/**
 * The answers of a page's budgets, in its order, as JSON text: a kept answer as it is; the others
 * built from the budget as it now is (read together, one statement for the page) and kept for the
 * next reader. A budget removed since the page was read is left out. Keeping is best-effort: an
 * answer not kept is built again by the next reader.
 */
export async function pageAnswers(
  ctx: ModuleContext,
  entries: readonly PageEntry[],
  stamp: AnswerStamp,
  log: Logger,
): Promise<string[]> {
  const missing = entries.filter((entry) => entry.body === null);
  if (missing.length === 0) return entries.map((entry) => entry.body!);
  const serialize = serializerOf(budgetDto);
  const rows = await Promise.all(missing.map((entry) => ctx.budgets.findWithParts(entry.id)));
  const built = rows.flatMap((row) =>
    row
      ? [
          {
            id: row.id,
            answerVersions: row.answerVersions,
            body: serialize(toBudgetDto(row, ctx.config.appSecret!)),
          },
        ]
      : [],
  );
  if (built.length > 0) {
    await ctx.budgets
      .storeAnswers({ stamp, answers: built })
      .catch((error: unknown) => log.warn({ err: error }, 'budget answers were not kept'));
  }
  const bodies = new Map(built.map((answer) => [answer.id, answer.body]));
  return entries.flatMap((entry) => entry.body ?? bodies.get(entry.id) ?? []);
}
