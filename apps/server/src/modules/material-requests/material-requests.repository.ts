import { and, asc, desc, eq, getTableColumns, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Actor } from '@trowel/shared/auth/policy.ts';
import type {
  MaterialRequestDto,
  MaterialItem,
} from '@trowel/shared/material-requests/material-request.schemas.ts';
import {
  MATERIAL_STORE_STATUSES,
  type MaterialRequestStatus,
  type MaterialStoreStatus,
} from '@trowel/shared/material-requests/material-request.machine.ts';
import type { ProjectChoice } from '@trowel/shared/projects/project-choice.ts';
import type { Db } from '../../db/client.ts';
import { projectChoices } from '../../db/project-choice.ts';
import { materialRequests, projects, users, type MaterialRequestRow } from '../../db/schema.ts';
import { batchedVisibleReads, idArray, inIds } from '../../db/batched-reads.ts';
import { preparedStatements, type Bind } from '../../db/prepared.ts';
import { batchedByTurnInGroups } from '../../db/turn-batch.ts';
import { requestScope, visibleRequests, visibleTo } from '../../db/visibility.ts';

export interface MaterialRequestFilter {
  projectId?: string | undefined;
  /** A status, or a store status (then the requests the store keeper answered so). */
  status?: MaterialRequestStatus | MaterialStoreStatus | undefined;
}

/** Who sees which material requests (spec 2 §2): see `requestScope`. */
const scopeOf = (actor: Actor) =>
  requestScope(actor, { all: 'material-requests:read-all', led: 'material-requests:review' });

/** The material requests a user sees, as SQL (none for everyone's). */
export const visibleMaterialRequests = (actor: Actor, bind?: Bind): SQL | undefined =>
  visibleRequests(scopeOf(actor), materialRequests, actor, bind);

const columns = {
  request: materialRequests,
  projectTitle: projects.title,
  projectLeadId: projects.projectLeadId,
  requestedBy: users.name,
};

type Joined = {
  request: MaterialRequestRow;
  projectTitle: string;
  projectLeadId: string | null;
  requestedBy: string;
};

function toDto({ request, projectTitle, projectLeadId, requestedBy }: Joined): MaterialRequestDto {
  const createdAt = request.createdAt.toISOString();
  return {
    id: request.id,
    projectId: request.projectId,
    projectTitle,
    projectLeadId,
    items: request.items,
    notes: request.notes,
    leadReviewNotes: request.leadReviewNotes,
    requestedBy,
    requestedById: request.requestedById,
    status: request.status,
    storeStatus: request.storeStatus,
    storeKeeperNotes: request.storeKeeperNotes,
    storeTimestamp: request.storeTimestamp?.toISOString() ?? null,
    timestamp: createdAt,
    createdAt,
    updatedAt: request.updatedAt.toISOString(),
  };
}

interface ListPage {
  page: number;
  limit: number;
  descending: boolean;
}

/** A page of one project's requests asked for (see `projectPages`). */
interface ProjectPageCall {
  actor: Actor;
  projectId: string;
  filter: MaterialRequestFilter;
  page: ListPage;
}

const requestColumns = getTableColumns(materialRequests);

/** A row of `readProjectPages`: the project asked for, then its request on the page (nulls when none). */
type ProjectPageRow = {
  askedId: string;
  total: number | null;
  projectTitle: string | null;
  projectLeadId: string | null;
  requestedBy: string | null;
} & {
  [Field in keyof MaterialRequestRow]: MaterialRequestRow[Field] | null;
};

const isStoreStatus = (filter: MaterialRequestFilter) =>
  filter.status !== undefined && (MATERIAL_STORE_STATUSES as readonly string[]).includes(filter.status);

/** What the requests listed must be: visible, of the project asked for, with the status asked for. */
function listWhere(actor: Actor, filter: MaterialRequestFilter, bind: Bind, project?: SQL) {
  return and(
    visibleMaterialRequests(actor, bind),
    project ??
      (filter.projectId
        ? eq(materialRequests.projectId, bind('projectId', filter.projectId) as string)
        : undefined),
    filter.status === undefined
      ? undefined
      : isStoreStatus(filter)
        ? eq(materialRequests.storeStatus, bind('status', filter.status) as MaterialStoreStatus)
        : eq(materialRequests.status, bind('status', filter.status) as MaterialRequestStatus),
  );
}

/** What changes the text of `listWhere`: the scope, a project asked for, which status is filtered. */
const filteredShape = (actor: Actor, filter: MaterialRequestFilter) =>
  `${scopeOf(actor)}${filter.projectId ? '_project' : ''}${
    filter.status === undefined ? '' : isStoreStatus(filter) ? '_store_status' : '_status'
  }`;

const orderName = (page: ListPage) => (page.descending ? 'desc' : 'asc');

/** Creation order (newest first when descending), the id breaking ties. */
const listOrder = (
  table: { createdAt: AnyColumn | SQL.Aliased; id: AnyColumn | SQL.Aliased },
  page: ListPage,
) => {
  const order = page.descending ? desc : asc;
  return [order(table.createdAt as AnyColumn), order(table.id as AnyColumn)];
};

/** The values of a list statement's placeholders. */
const valuesOf = (actor: Actor, filter: MaterialRequestFilter, page?: ListPage) => ({
  actorId: actor.id,
  projectId: filter.projectId,
  status: filter.status,
  ...(page ? { limit: page.limit, offset: (page.page - 1) * page.limit } : {}),
});

/** The only place that touches material requests; reads are scoped by what the actor may see. */
export function materialRequestsRepository(db: Db) {
  const joined = () =>
    db
      .select(columns)
      .from(materialRequests)
      .innerJoin(projects, eq(projects.id, materialRequests.projectId))
      .innerJoin(users, eq(users.id, materialRequests.requestedById));
  // Statements prepared once per shape: neither the query builder nor the planner runs per request.
  const prepared = preparedStatements('material_requests');

  async function count(actor: Actor, filter: MaterialRequestFilter) {
    const values = valuesOf(actor, filter);
    const [row] = await prepared(`count_${filteredShape(actor, filter)}`, values, (bind) =>
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(materialRequests)
        .where(listWhere(actor, filter, bind)),
    );
    return row?.total ?? 0;
  }

  /**
   * The pages of the projects asked for in one turn, one statement per reader and page: each project's
   * page beside its total (a project has few requests, so counting them with the page costs less than a
   * round trip of its own); a project without a request on the page answers a row of nulls.
   */
  async function readProjectPages(group: readonly ProjectPageCall[]) {
    const { actor, filter, page } = group[0]!;
    const values = {
      ...valuesOf(actor, filter, page),
      projectIds: idArray([...new Set(group.map((call) => call.projectId))]),
    };
    const shape = `project_pages_${filteredShape(actor, filter)}_${orderName(page)}`;
    const rows = await prepared(shape, values, (bind) => {
      const listed = db
        .select({
          ...requestColumns,
          projectTitle: projects.title,
          projectLeadId: projects.projectLeadId,
          requestedBy: users.name,
          total: sql<number>`(count(*) over ())::int`.as('total'),
        })
        .from(materialRequests)
        .innerJoin(projects, eq(projects.id, materialRequests.projectId))
        .innerJoin(users, eq(users.id, materialRequests.requestedById))
        .where(listWhere(actor, filter, bind, sql`${materialRequests.projectId} = asked.project_id`))
        .orderBy(...listOrder(materialRequests, page))
        .limit(bind('limit', values.limit) as number)
        .offset(bind('offset', values.offset) as number)
        .as('listed');
      return db
        .select({ askedId: sql<string>`asked.project_id`, ...listed._.selectedFields })
        .from(sql`unnest(${bind('projectIds', values.projectIds)}::uuid[]) as asked(project_id)`)
        .leftJoinLateral(listed, sql`true`)
        .orderBy(sql`asked.project_id`, ...listOrder(listed, page));
    });
    const pages = new Map<string, { rows: MaterialRequestDto[]; total: number | null }>();
    for (const row of rows as unknown as ProjectPageRow[]) {
      const found = pages.get(row.askedId) ?? { rows: [], total: row.total };
      pages.set(row.askedId, found);
      if (row.id === null) continue;
      found.rows.push(
        toDto({
          // The row holds the request's columns (and the page's own, which the answer does not read).
          request: row as MaterialRequestRow,
          projectTitle: row.projectTitle!,
          projectLeadId: row.projectLeadId,
          requestedBy: row.requestedBy!,
        }),
      );
    }
    return pages;
  }

  const visibleById = batchedVisibleReads(
    (actor: Actor) => (scopeOf(actor) === 'all' ? 'all' : `${scopeOf(actor)} ${actor.id}`),
    async (actor, ids) => {
      const values = { ids: idArray(ids), actorId: actor.id };
      const rows = await prepared(`find_visible_${scopeOf(actor)}`, values, (bind) =>
        joined().where(and(inIds(materialRequests.id, bind, ids), visibleMaterialRequests(actor, bind))),
      );
      return new Map(rows.map((row) => [row.request.id, toDto(row)]));
    },
  );

  /**
   * A page of one project's requests: the pages one reader asks for at the same moment, of any
   * projects, are read by one statement (scope, and who unless everyone's are seen, filters, page).
   */
  const projectPages = batchedByTurnInGroups(
    ({ actor, filter, page }: ProjectPageCall) =>
      JSON.stringify([
        scopeOf(actor) === 'all' ? null : actor.id,
        filteredShape(actor, filter),
        filter.status,
        page,
      ]),
    async (group) => {
      const byProject = await readProjectPages(group);
      return group.map((call) => byProject.get(call.projectId) ?? { rows: [], total: 0 });
    },
  );

  return {
    async insert(input: { projectId: string; requestedById: string; items: MaterialItem[]; notes: string }) {
      const [row] = await db.insert(materialRequests).values(input).returning({ id: materialRequests.id });
      return row!.id;
    },

    /** The request as the actor sees it, or null (read with the others asked for at the same moment). */
    findVisible: (actor: Actor, id: string): Promise<MaterialRequestDto | null> => visibleById(actor, id),

    /** The request with its project's title and lead, locked for the transaction; null when not visible. */
    async lockVisible(actor: Actor, id: string) {
      const [row] = await db
        .select({
          request: materialRequests,
          projectLeadId: projects.projectLeadId,
          projectTitle: projects.title,
        })
        .from(materialRequests)
        .innerJoin(projects, eq(projects.id, materialRequests.projectId))
        .where(and(eq(materialRequests.id, id), visibleMaterialRequests(actor)))
        .for('update', { of: materialRequests })
        .limit(1);
      return row
        ? { ...row.request, projectLeadId: row.projectLeadId, projectTitle: row.projectTitle }
        : null;
    },

    /** Changes the request; answers the row as saved. */
    async update(
      id: string,
      fields: Partial<
        Pick<
          MaterialRequestRow,
          | 'status'
          | 'leadReviewNotes'
          | 'storeStatus'
          | 'storeKeeperNotes'
          | 'storeTimestamp'
          | 'items'
          | 'notes'
        >
      >,
    ) {
      const [saved] = await db
        .update(materialRequests)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(materialRequests.id, id))
        .returning();
      return saved!;
    },

    async delete(id: string) {
      await db.delete(materialRequests).where(eq(materialRequests.id, id));
    },

    /**
     * A page in creation order, counted in SQL. A project's page is read with the pages of other
     * projects asked for at the same moment by the same reader, its total in the same statement.
     */
    async list(
      actor: Actor,
      filter: MaterialRequestFilter,
      page: ListPage,
    ): Promise<{ rows: MaterialRequestDto[]; total: number }> {
      if (filter.projectId) {
        const found = await projectPages({ actor, projectId: filter.projectId, filter, page });
        // An empty page past the first does not tell the total: it is counted on its own.
        if (found.total !== null || page.page === 1) return { rows: found.rows, total: found.total ?? 0 };
        return { rows: [], total: await count(actor, filter) };
      }
      const values = valuesOf(actor, filter, page);
      const [rows, total] = await Promise.all([
        prepared(`page_${filteredShape(actor, filter)}_${orderName(page)}`, values, (bind) =>
          joined()
            .where(listWhere(actor, filter, bind))
            .orderBy(...listOrder(materialRequests, page))
            .limit(bind('limit', values.limit) as number)
            .offset(bind('offset', values.offset) as number),
        ),
        count(actor, filter),
      ]);
      return { rows: rows.map(toDto), total };
    },

    /** The projects offered by a choice of the shared rule, by title. */
    projectChoices: (actor: Actor, choice: ProjectChoice) => projectChoices(db, actor, choice),

    /** The project with its lead and whether the user is on its team (who may ask for it). */
    async projectForRequester(actor: Actor, projectId: string) {
      const [row] = await db
        .select({
          id: projects.id,
          title: projects.title,
          projectLeadId: projects.projectLeadId,
          clientId: projects.clientId,
          isMember: sql<boolean>`exists (select 1 from project_members m where m.project_id = ${projects.id} and m.user_id = ${actor.id})`,
        })
        .from(projects)
        .where(and(eq(projects.id, projectId), visibleTo(actor)))
        .limit(1);
      return row ?? null;
    },
  };
}

export type MaterialRequestsRepository = ReturnType<typeof materialRequestsRepository>;
