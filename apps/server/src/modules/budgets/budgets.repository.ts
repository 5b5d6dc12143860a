import type { CostCategory } from '@trowel/shared/costs/cost-categories.ts';
import { and, desc, eq, getTableColumns, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { can, type Actor } from '@trowel/shared/auth/policy.ts';
import type { BudgetStatus } from '@trowel/shared/budgets/budget.machine.ts';
import { sumKobo } from '@trowel/shared/money/kobo.ts';
import type { ProjectChoice } from '@trowel/shared/projects/project-choice.ts';
import type { Db } from '../../db/client.ts';
import { projectChoices } from '../../db/project-choice.ts';
import { batchedReads } from '../../db/batched-reads.ts';
import { batchedByTurn, batchedByTurnInGroups, type Outcome } from '../../db/turn-batch.ts';
import type { GuardedTable } from '../../workflow/compare-and-set.repository.ts';
import { rowsFromJson } from '../../db/json-rows.ts';
import { executePrepared, inline, preparedStatements, type Bind } from '../../db/prepared.ts';
import {
  attachments,
  budgetAnswers,
  budgetItems,
  budgetPages,
  budgets,
  projects,
  users,
  type AttachmentRow,
  type BudgetHistoryJson,
  type BudgetItemRow,
  type BudgetRow,
} from '../../db/schema.ts';
import { isUuid } from '../../lib/uuid.ts';

/** A budget with what its rules and answers read: its project's title, lead and client, its author. */
export interface BudgetWithRefs extends BudgetRow {
  projectTitle: string;
  projectLeadId: string | null;
  clientId: string | null;
  authorName: string;
}

/** A history row as the budget's row keeps it: the row, then its actor's id, name and role. */
export type HistoryJson = BudgetHistoryJson;

/** A budget with its lines, documents and history, brought by the same statement (see `parts`). */
export interface BudgetWithParts extends BudgetWithRefs {
  lines: BudgetItemRow[];
  documents: AttachmentRow[];
  history: HistoryJson[];
}

/**
 * A budget read with its parts and the version of its row (PostgreSQL's xmin, new with every write of
 * the row): a change conditioned on the version is made only if nothing changed the budget since, its
 * lines, documents and history included (every change of these updates its row).
 */
export interface BudgetWithVersion extends BudgetWithParts {
  version: string;
}

/**
 * A budget locked with its parts. `fresh` is false when the lock waited for a change committed after
 * the statement began: the row is then the newest, but its parts are as they were when the statement
 * began, so they must be read again. Every change of a budget's lines, documents or history updates its row.
 */
export interface LockedBudgetWithParts extends BudgetWithVersion {
  fresh: boolean;
}

/** A budget read to build its answer, with the versions that answer is built from (see `answerVersions`). */
export interface BudgetForAnswer extends BudgetWithVersion {
  answerVersions: string;
}

/**
 * What a kept answer must carry besides the versions of what it shows to be answered (see the
 * `budgetAnswers` table): the format of answers, and the quarter hour its file links are signed for.
 */
export interface AnswerStamp {
  format: string;
  links: string;
}

/** A budget of a page: its kept answer when that shows the budget as it now is, otherwise null. */
export interface PageEntry {
  id: string;
  body: string | null;
}

/** Answers built from budgets read with their versions, to keep (see `storeAnswers`). */
export interface AnswersToKeep {
  stamp: AnswerStamp;
  answers: ReadonlyArray<{ id: string; answerVersions: string; body: string }>;
}

/** A page of a project's budgets asked for (see `projectPages`). */
interface ProjectPageCall {
  actor: Actor;
  projectId: string;
  statuses: readonly BudgetStatus[] | undefined;
  page: { offset: number; limit: number };
  stamp: AnswerStamp;
}

/**
 * A page of a project's budgets: their ids in order, the page's stamp (a hash of each budget with its
 * answer's stamp), their total (null when the page is empty), and the page's kept text when its stamp
 * still matches (see the `budgetPages` table).
 */
export interface ProjectPage {
  ids: string[];
  stamp: string | null;
  total: number | null;
  body: string | null;
}

/** A page's text to keep for a project and reader's scope under the stamp it was read with (see `storePages`). */
export interface PageToKeep {
  projectId: string;
  scope: string;
  stamp: string;
  body: string;
}

export interface BudgetFilter {
  projectId?: string | undefined;
  statuses?: readonly BudgetStatus[] | undefined;
}

export interface NewBudgetLine {
  description: string;
  quantity: number;
  unitPriceKobo: number;
  totalKobo: number;
  notes: string;
  category: CostCategory;
}

const { linesJson, documentsJson, historyJson, ...budgetColumns } = getTableColumns(budgets);

/** The budget's own columns beside its references, flat: the rows come as they are answered, not copied. */
const withRefs = {
  ...budgetColumns,
  projectTitle: projects.title,
  projectLeadId: projects.projectLeadId,
  clientId: projects.clientId,
  authorName: users.name,
};

/** Each budget's lines, documents and history, kept in its row as JSON arrays (see the budgets table). */
const parts = { lines: linesJson, documents: documentsJson, history: historyJson };

const version = sql<string>`${budgets}.xmin::text`;

/**
 * The versions of what a budget's answer shows: its row (its parts included, which every change
 * rewrites), its project's (title, lead) and its author's (name), each PostgreSQL's xmin of the row.
 */
const answerVersions = sql<string>`${budgets}.xmin::text || '.' || ${projects}.xmin::text || '.' || ${users}.xmin::text`;

/** The stamp a kept answer of the budget as it now is carries; links count only where it has documents. */
const answerStamp = (bind: Bind, stamp: AnswerStamp) =>
  sql<string>`${bind('format', stamp.format)}::text || '.' || ${answerVersions} || case when json_array_length(${budgets.documentsJson}) > 0 then '.' || ${bind('links', stamp.links)}::text else '' end`;

/** The budget's kept answer, joined only when it shows the budget as it now is. */
const keptAnswerOn = (bind: Bind, stamp: AnswerStamp) =>
  and(eq(budgetAnswers.budgetId, budgets.id), sql`${budgetAnswers.stamp} = ${answerStamp(bind, stamp)}`);

/** The parts of a row read as JSON become rows as the query builder reads them, in the row itself. */
const withParts = <Row extends BudgetWithRefs>(
  row: Row & {
    lines: Array<Record<string, unknown>>;
    documents: Array<Record<string, unknown>>;
    history: HistoryJson[];
  },
) =>
  Object.assign(row, {
    lines: rowsFromJson(budgetItems, row.lines),
    documents: rowsFromJson(attachments, row.documents),
  }) as Omit<Row, 'lines' | 'documents' | 'history'> & BudgetWithParts;

/**
 * The budgets an actor sees, as SQL (the shared `canSeeBudget`): every budget reader, leads and
 * architects only on projects they lead, drafts only their author and the administrator.
 */
export function visibleBudgets(actor: Actor, bind: Bind = inline): SQL | undefined {
  if (!can(actor, 'budgets:read')) return sql`false`;
  const drafts =
    actor.role === 'admin'
      ? undefined
      : or(ne(budgets.status, 'draft'), eq(budgets.authorId, bind('actorId', actor.id) as string));
  const led = can(actor, 'projects:lead')
    ? eq(projects.projectLeadId, bind('actorId', actor.id) as string)
    : undefined;
  return and(drafts, led);
}

/** What changes the text of `visibleBudgets`: nothing seen, everything, or drafts and led projects. */
function scopeOf(actor: Actor) {
  if (!can(actor, 'budgets:read')) return 'none';
  return `${actor.role === 'admin' ? 'all' : 'drafts'}${can(actor, 'projects:lead') ? '_led' : ''}`;
}

/**
 * Budgets for compare-and-set steps (`workflow/compare-and-set.ts`): the status, and the QS's remarks when the step
 * has them, each row only while it is at the version its step read (see `BudgetWithVersion`).
 */
export const budgetStepTable: GuardedTable = {
  name: 'budgets',
  update: (steps) => sql`update budgets b set status = s.to_status,
      qs_remarks = case when s.fields ? 'qsRemarks' then s.fields->>'qsRemarks' else b.qs_remarks end,
      updated_at = now()
    from ${steps} s where b.id = s.id and b.xmin = s.version
    returning b.id, b.updated_at`,
};

/** The only code that touches budgets and their lines; reads are scoped by what the actor may see. */
export function budgetsRepository(db: Db) {
  const joined = () =>
    db
      .select(withRefs)
      .from(budgets)
      .innerJoin(projects, eq(projects.id, budgets.projectId))
      .innerJoin(users, eq(users.id, budgets.authorId));

  const where = (actor: Actor, filter: BudgetFilter) =>
    and(
      visibleBudgets(actor),
      filter.projectId ? eq(budgets.projectId, filter.projectId) : undefined,
      filter.statuses?.length ? inArray(budgets.status, [...filter.statuses]) : undefined,
    );

  // Statements prepared once per shape: neither the query builder nor the planner runs per request.
  const prepared = preparedStatements('budgets');

  const findWithParts: (id: string) => Promise<BudgetForAnswer | null> = batchedReads(async (keys) => {
    // An id that is no uuid matches nothing, and must not fail the read of the others.
    const ids = `{${keys.filter(isUuid).join(',')}}`;
    if (ids === '{}') return new Map();
    const rows = await prepared('find_many_with_parts', { ids }, (bind) =>
      db
        .select({ ...withRefs, ...parts, version, answerVersions })
        .from(budgets)
        .innerJoin(projects, eq(projects.id, budgets.projectId))
        .innerJoin(users, eq(users.id, budgets.authorId))
        .where(sql`${budgets.id} = any(${bind('ids', ids)}::uuid[])`),
    );
    return new Map(rows.map((row) => [row.id, withParts(row)]));
  });

  /**
   * Pages of projects' budgets asked for in the same turn of the event loop: one statement for each
   * reader and page, whose projects each get their own page (a lateral join: the same index scan as
   * one project alone), so a burst of readers costs one round trip instead of one each.
   */
  const projectPages = batchedByTurnInGroups(
    (call: ProjectPageCall) =>
      JSON.stringify([call.actor.id, scopeOf(call.actor), call.statuses ?? [], call.page, call.stamp]),
    // Each reader's statement answers its own calls: one that fails fails only those.
    async (group) => {
      const byProject = await readProjectPages(group);
      return group.map((call) => byProject.get(call.projectId)!);
    },
  );

  const storeAnswers = batchedByTurn<AnswersToKeep, void>(async (calls) => {
    const byStamp = new Map<
      string,
      { stamp: AnswerStamp; answers: Map<string, AnswersToKeep['answers'][number]> }
    >();
    for (const { stamp, answers } of calls) {
      const key = JSON.stringify(stamp);
      const group = byStamp.get(key) ?? { stamp, answers: new Map() };
      // A budget twice in one statement would be changed twice by it, which PostgreSQL refuses.
      for (const answer of answers) group.answers.set(answer.id, answer);
      byStamp.set(key, group);
    }
    const kept = new Map<string, Outcome<void>>();
    await Promise.all(
      [...byStamp].map(async ([key, { stamp, answers }]) => {
        const given = JSON.stringify(
          [...answers.values()].map(({ id, answerVersions: versions, body }) => ({ id, versions, body })),
        );
        try {
          await executePrepared(
            db,
            sql`insert into ${budgetAnswers} (budget_id, stamp, body)
              select ${budgets.id}, ${answerStamp(inline, stamp)}, given.body
              from json_to_recordset(${given}::json) as given(id uuid, versions text, body text)
              join ${budgets} on ${budgets.id} = given.id
              join ${projects} on ${projects.id} = ${budgets.projectId}
              join ${users} on ${users.id} = ${budgets.authorId}
              where ${answerVersions} = given.versions
              on conflict (budget_id) do update set stamp = excluded.stamp, body = excluded.body`,
          );
          kept.set(key, { value: undefined });
        } catch (error) {
          kept.set(key, { error });
        }
      }),
    );
    return calls.map((call) => kept.get(JSON.stringify(call.stamp))!);
  });

  /**
   * Keeps pages' texts, each under the stamp its budgets were read with: one statement for the pages
   * given in one turn. A page changed since its stamp was read is kept under a stamp no reader computes
   * again, and replaced by the next page built.
   */
  const storePages = batchedByTurn<PageToKeep, void>(async (calls) => {
    // A page twice in one statement would be changed twice by it, which PostgreSQL refuses.
    const pages = new Map(calls.map((call) => [`${call.projectId} ${call.scope}`, call]));
    const given = JSON.stringify([...pages.values()]);
    try {
      await executePrepared(
        db,
        sql`insert into ${budgetPages} (project_id, scope, stamp, body)
          select given."projectId", given.scope, given.stamp, given.body
          from json_to_recordset(${given}::json) as given("projectId" uuid, scope text, stamp text, body text)
          join ${projects} on ${projects.id} = given."projectId"
          on conflict (project_id, scope) do update set stamp = excluded.stamp, body = excluded.body`,
      );
      return calls.map(() => ({ value: undefined }));
    } catch (error) {
      return calls.map(() => ({ error }));
    }
  });

  /** One statement for the calls of one reader and page (see `projectPages`), by project. */
  async function readProjectPages(group: readonly ProjectPageCall[]) {
    const { actor, statuses: filtered, page, stamp } = group[0]!;
    const statuses = filtered?.length ? `{${filtered.join(',')}}` : undefined;
    const projectIds = `{${[...new Set(group.map((call) => call.projectId))].join(',')}}`;
    const shape = `project_pages_${scopeOf(actor)}${statuses ? '_status' : ''}`;
    const values = {
      actorId: actor.id,
      projectIds,
      statuses,
      limit: page.limit,
      offset: page.offset,
      scope: scopeOf(actor),
      ...stamp,
    };
    const rows = await prepared(shape, values, (bind) => {
      const listed = db
        .select({
          id: budgets.id,
          createdAt: budgets.createdAt,
          stamp: sql<string>`${answerStamp(bind, stamp)}`.as('stamp'),
          total: sql<number>`(count(*) over ())::int`.as('total'),
        })
        .from(budgets)
        .innerJoin(projects, eq(projects.id, budgets.projectId))
        .innerJoin(users, eq(users.id, budgets.authorId))
        .where(
          and(
            visibleBudgets(actor, bind),
            sql`${budgets.projectId} = asked.project_id`,
            statuses ? sql`${budgets.status} = any(${bind('statuses', statuses)}::text[])` : undefined,
          ),
        )
        .orderBy(desc(budgets.createdAt), desc(budgets.id))
        .limit(bind('limit', page.limit) as number)
        .offset(bind('offset', page.offset) as number)
        .as('listed');
      const inOrder = sql`order by ${listed.createdAt} desc, ${listed.id} desc`;
      const paged = db
        .select({
          // Text, not an array: PostgreSQL's array text costs the server more to read than a split.
          ids: sql<string | null>`string_agg(${listed.id}::text, ',' ${inOrder})`.as('ids'),
          stamp: sql<
            string | null
          >`md5(string_agg(${listed.id}::text || ':' || ${listed.stamp}, ',' ${inOrder}))`.as('page_stamp'),
          total: sql<number | null>`max(${listed.total})`.as('page_total'),
        })
        .from(listed)
        .as('paged');
      return db
        .select({
          projectId: sql<string>`asked.project_id`,
          ids: paged.ids,
          stamp: paged.stamp,
          total: paged.total,
          body: budgetPages.body,
        })
        .from(sql`unnest(${bind('projectIds', projectIds)}::uuid[]) as asked(project_id)`)
        .crossJoinLateral(paged)
        .leftJoin(
          budgetPages,
          and(
            sql`${budgetPages.projectId} = asked.project_id`,
            sql`${budgetPages.scope} = ${bind('scope', values.scope)}`,
            sql`${budgetPages.stamp} = ${paged.stamp}`,
          ),
        );
    });
    return new Map(
      rows.map((row): [string, ProjectPage] => [
        row.projectId,
        {
          ids: row.ids?.split(',') ?? [],
          stamp: row.stamp,
          total: row.total === null ? null : Number(row.total),
          body: row.body,
        },
      ]),
    );
  }

  return {
    /** The projects offered by a choice of the shared rule (those a lead leads, say), by title. */
    projectChoices: (actor: Actor, choice: ProjectChoice) => projectChoices(db, actor, choice),

    /** A page of the visible budgets, newest first, each with its kept answer if that is current. */
    page(
      actor: Actor,
      filter: BudgetFilter,
      page: { offset: number; limit: number },
      stamp: AnswerStamp,
    ): Promise<PageEntry[]> {
      return db
        .select({ id: budgets.id, body: budgetAnswers.body })
        .from(budgets)
        .innerJoin(projects, eq(projects.id, budgets.projectId))
        .innerJoin(users, eq(users.id, budgets.authorId))
        .leftJoin(budgetAnswers, keptAnswerOn(inline, stamp))
        .where(where(actor, filter))
        .orderBy(desc(budgets.createdAt), desc(budgets.id))
        .limit(page.limit)
        .offset(page.offset);
    },

    /**
     * A page of one project's budgets: their ids and the page's stamp, its kept text if that is
     * current, and their total in the same statement (a project has few, so counting them beside the
     * page costs less than a second round trip); null total on an empty page. The pages asked for at
     * the same moment by the same reader are read by one statement.
     */
    projectPage: (
      actor: Actor,
      filter: BudgetFilter,
      page: { offset: number; limit: number },
      stamp: AnswerStamp,
    ): Promise<ProjectPage> =>
      projectPages({ actor, projectId: filter.projectId!, statuses: filter.statuses, page, stamp }),

    /**
     * The key a reader's page of a project's budgets is kept under: their scope. A project keeps one
     * page's text per scope, the last built, whatever filter or page size found its budgets (the text
     * depends on its budgets alone), so no reader can make it keep one for every filter and size.
     */
    pageKey: scopeOf,

    /** Keeps pages' texts read by `projectPage` (best-effort: a page not kept is built again). */
    storePages,

    /** Budgets by id, in the order given, each with its kept answer if that is current. */
    async keptAnswersOf(ids: readonly string[], stamp: AnswerStamp): Promise<PageEntry[]> {
      if (ids.length === 0) return [];
      const rows = await prepared('kept_answers_of', { ids: `{${ids.join(',')}}`, ...stamp }, (bind) =>
        db
          .select({ id: budgets.id, body: budgetAnswers.body })
          .from(budgets)
          .innerJoin(projects, eq(projects.id, budgets.projectId))
          .innerJoin(users, eq(users.id, budgets.authorId))
          .leftJoin(budgetAnswers, keptAnswerOn(bind, stamp))
          .where(sql`${budgets.id} = any(${bind('ids', `{${ids.join(',')}}`)}::uuid[])`),
      );
      const bodies = new Map(rows.map((row) => [row.id, row.body]));
      // A budget removed since its page was read is left out.
      return ids.flatMap((id) => (bodies.has(id) ? [{ id, body: bodies.get(id)! }] : []));
    },

    /**
     * Keeps answers built from budgets read by `findWithParts`, each only if the budget, its project
     * and its author are still at the versions it was built from (an answer of a budget changed since
     * is not kept). The answers given in one turn are kept by one statement per stamp.
     */
    storeAnswers,

    /**
     * One budget with its lines, documents, history and version (callers apply the rules). The
     * budgets asked for at the same moment are read by one statement.
     */
    findWithParts,

    /**
     * The budget locked for the rest of the transaction with its lines, documents and history, in
     * one statement (see `LockedBudgetWithParts` for when its parts are to be read again).
     */
    async lockWithParts(id: string): Promise<LockedBudgetWithParts | null> {
      const [row] = await prepared('lock_with_parts', { id }, (bind) =>
        db
          .select({
            ...withRefs,
            ...parts,
            version,
            fresh: sql<boolean>`(select b.updated_at from budgets b where b.id = ${budgets.id}) = ${budgets.updatedAt}`,
          })
          .from(budgets)
          .innerJoin(projects, eq(projects.id, budgets.projectId))
          .innerJoin(users, eq(users.id, budgets.authorId))
          .where(eq(budgets.id, bind('id', id) as string))
          .for('update', { of: budgets })
          .limit(1),
      );
      return row ? { ...withParts(row), fresh: row.fresh === true } : null;
    },

    async count(actor: Actor, filter: BudgetFilter) {
      const counted = db.select({ total: sql<number>`count(*)::int` }).from(budgets);
      // Only a lead's scope reads the project; everyone else counts the budgets' own index.
      const [row] = await (
        can(actor, 'projects:lead')
          ? counted.innerJoin(projects, eq(projects.id, budgets.projectId))
          : counted
      ).where(where(actor, filter));
      return Number(row?.total ?? 0);
    },

    /** One budget with its references, whoever asks (callers apply the rules). */
    async find(id: string) {
      const [row] = await prepared('find', { id }, (bind) =>
        joined()
          .where(eq(budgets.id, bind('id', id) as string))
          .limit(1),
      );
      return row ?? null;
    },

    /** The budget locked for the rest of the transaction (select … for update), with its references. */
    async lock(id: string) {
      const [row] = await joined().where(eq(budgets.id, id)).for('update', { of: budgets }).limit(1);
      return row ?? null;
    },

    async insert(values: typeof budgets.$inferInsert) {
      const [row] = await db.insert(budgets).values(values).returning();
      return row!;
    },

    /** Replaces the lines and keeps the total beside them; answers the total in kobo. */
    async setLines(budgetId: string, lines: readonly NewBudgetLine[]) {
      await db.delete(budgetItems).where(eq(budgetItems.budgetId, budgetId));
      await db.insert(budgetItems).values(lines.map((line, position) => ({ ...line, budgetId, position })));
      const totalKobo = sumKobo(lines.map((line) => line.totalKobo));
      await db
        .update(budgets)
        .set({ totalKobo, updatedAt: sql`now()` })
        .where(eq(budgets.id, budgetId));
      return totalKobo;
    },

    /** Changes the row (with no values: marks it updated, as a change of its documents does); answers when. */
    async update(id: string, values: Partial<Pick<BudgetRow, 'remarks' | 'qsRemarks' | 'status'>> = {}) {
      const [row] = await db
        .update(budgets)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(budgets.id, id))
        .returning({ updatedAt: budgets.updatedAt });
      return row?.updatedAt ?? null;
    },

    async document(budgetId: string, attachmentId: string) {
      const [row] = await db
        .select()
        .from(attachments)
        .where(and(eq(attachments.id, attachmentId), eq(attachments.budgetId, budgetId)))
        .limit(1);
      return row ?? null;
    },

    /** Removes the budget (lines and documents go with it); answers the storage keys to delete after commit. */
    async delete(id: string): Promise<string[]> {
      const files = await db
        .select({ key: attachments.storageKey, variants: attachments.variants })
        .from(attachments)
        .where(eq(attachments.budgetId, id));
      await db.delete(budgets).where(eq(budgets.id, id));
      return files.flatMap((file) => [file.key, ...Object.values(file.variants ?? {})]);
    },

    /** The sum of a project's approved budgets, in kobo. */
    async approvedTotalKobo(projectId: string) {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${budgets.totalKobo}), 0)` })
        .from(budgets)
        .where(and(eq(budgets.projectId, projectId), eq(budgets.status, 'approved')));
      return Number(row?.total ?? 0);
    },
  };
}

export type BudgetsRepository = ReturnType<typeof budgetsRepository>;
