import { and, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '@trowel/shared/auth/policy.ts';
import type { InventoryRequestStatus } from '@trowel/shared/inventory/inventory-request.machine.ts';
import type { InventoryRequestDto } from '@trowel/shared/inventory/inventory.schemas.ts';
import type { ProjectChoice } from '@trowel/shared/projects/project-choice.ts';
import type { Db } from '../../db/client.ts';
import { projectChoices } from '../../db/project-choice.ts';
import {
  inventoryRequests,
  projectMembers,
  projects,
  users,
  type InventoryRequestRow,
} from '../../db/schema.ts';
import { countOf, inOrderOf, pageIds, timeKeyDirectory, type PageStart } from '../../db/created-directory.ts';
import { batchedGroupsOfMany, batchedVisibleReads, idArray, inIds } from '../../db/batched-reads.ts';
import { idsByPage, pageIdsTogether, pagesIds, pagesValues } from '../../db/pages-together.ts';
import { inline, preparedStatements, type Bind } from '../../db/prepared.ts';
import { requestScope, visibleRequests, visibleTo } from '../../db/visibility.ts';
import { escapeLike } from './inventory.repository.ts';

/** Who sees which inventory requests (spec 2 §2): see `requestScope`. */
const scopeOf = (actor: Actor) =>
  requestScope(actor, { all: 'inventory:read-all-requests', led: 'projects:lead' });

/** The inventory requests a user sees, as SQL (none for everyone's). */
export const visibleInventoryRequests = (actor: Actor, bind?: Bind): SQL | undefined =>
  visibleRequests(scopeOf(actor), inventoryRequests, actor, bind);

export interface InventoryRequestFilter {
  status?: InventoryRequestStatus | undefined;
  search?: string | undefined;
}

/**
 * A search matches what a log entry shows: the item's name, the project's title or the requester's
 * name (case-insensitive, anywhere in the text). Projects and people are looked up on their own
 * (projects by their title's trigram index), so the requests are not joined to search.
 */
function searchCondition(term: string): SQL {
  const pattern = `%${escapeLike(term)}%`;
  return or(
    ilike(inventoryRequests.itemName, pattern),
    inArray(
      inventoryRequests.projectId,
      sql`(select ${projects.id} from ${projects} where ${projects.title} ilike ${pattern})`,
    ),
    inArray(
      inventoryRequests.requestedById,
      sql`(select ${users.id} from ${users} where ${users.name} ilike ${pattern})`,
    ),
  )!;
}

function requestConditions(
  actor: Actor,
  filter: InventoryRequestFilter,
  bind: Bind = inline,
): SQL | undefined {
  const conditions: SQL[] = [];
  const visible = visibleInventoryRequests(actor, bind);
  if (visible) conditions.push(visible);
  if (filter.status)
    conditions.push(eq(inventoryRequests.status, bind('status', filter.status) as InventoryRequestStatus));
  if (filter.search) conditions.push(searchCondition(filter.search));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const requestColumns = {
  request: inventoryRequests,
  projectTitle: projects.title,
  requestedBy: users.name,
};

function toRequestDto(row: {
  request: InventoryRequestRow;
  projectTitle: string;
  requestedBy: string;
}): InventoryRequestDto {
  const { request } = row;
  const createdAt = request.createdAt.toISOString();
  return {
    id: request.id,
    inventoryItemId: request.inventoryItemId,
    itemName: request.itemName,
    unit: request.unit,
    projectId: request.projectId,
    projectTitle: row.projectTitle,
    quantityRequested: request.quantityRequested,
    quantityApproved: request.quantityApproved,
    notes: request.notes,
    storeKeeperNotes: request.storeKeeperNotes,
    adminNotes: request.adminNotes,
    projectLeadNotes: request.projectLeadNotes,
    requestedBy: row.requestedBy,
    requestedById: request.requestedById,
    status: request.status,
    timestamp: createdAt,
    createdAt,
    updatedAt: request.updatedAt.toISOString(),
  };
}

/** A list of requests as one reader pages through it: what one statement can read several pages of. */
interface RequestsList {
  actor: Actor;
  filter: InventoryRequestFilter;
  descending: boolean;
  limit: number;
}

/** The only place that touches inventory requests; reads are scoped by what the actor may see. */
export function inventoryRequestsRepository(db: Db) {
  const requestsJoined = () =>
    db
      .select(requestColumns)
      .from(inventoryRequests)
      .innerJoin(projects, eq(projects.id, inventoryRequests.projectId))
      .innerJoin(users, eq(users.id, inventoryRequests.requestedById));
  // Statements prepared once per shape: neither the query builder nor the planner runs per request.
  const prepared = preparedStatements('inventory_requests');
  /**
   * The rows of pages by id, for every page read in the same turn (see `batchedGroupsOfMany`): a statement
   * of its own, so it keeps one plan, where one statement joining a page was planned on every request.
   */
  const pageRows = batchedGroupsOfMany(
    (ids) =>
      prepared('page_rows', { ids: idArray(ids) }, (bind) =>
        requestsJoined().where(inIds(inventoryRequests.id, bind, ids)),
      ),
    (row) => row.request.id,
  );
  /** The rows one reader scope sees: everyone's, or one person's own. */
  const readerKey = (actor: Actor) => (scopeOf(actor) === 'all' ? 'all' : `${scopeOf(actor)} ${actor.id}`);
  /**
   * The ids of pages of one reader scope, filter and order asked for in the same turn, in one statement
   * (see `pageIdsTogether`); a search's plan depends on its pattern, so a search reads alone.
   */
  const pageIdsOf = pageIdsTogether(
    ({ actor, filter, descending, limit }: RequestsList) =>
      `${readerKey(actor)} ${JSON.stringify(filter)} ${descending} ${limit}`,
    async ({ actor, filter, descending, limit }, starts) => {
      const values = { actorId: actor.id, status: filter.status, ...pagesValues(starts, descending, limit) };
      const shape = `pages_${scopeOf(actor)}${filter.status ? '_status' : ''}_${descending ? 'desc' : 'asc'}`;
      const rows = await prepared(shape, values, (bind) =>
        pagesIds(
          db,
          inventoryRequests,
          inventoryRequests,
          requestConditions(actor, filter, bind),
          descending,
          values,
          bind,
        ),
      );
      return idsByPage(rows, starts.length);
    },
  );
  /** Requests by id as their readers see them: the reads of one reader scope in one turn are one statement. */
  const visibleById = batchedVisibleReads(readerKey, async (actor, ids) => {
    const values = { ids: idArray(ids), actorId: actor.id };
    const rows = await prepared(`find_visible_${scopeOf(actor)}`, values, (bind) =>
      requestsJoined().where(
        and(inIds(inventoryRequests.id, bind, ids), visibleInventoryRequests(actor, bind)),
      ),
    );
    return new Map(rows.map((row) => [row.request.id, toRequestDto(row)]));
  });

  return {
    /** The project with whether the user is on its team, if they may see it at all. */
    async projectForRequest(actor: Actor, projectId: string) {
      const [row] = await db
        .select({
          id: projects.id,
          title: projects.title,
          projectLeadId: projects.projectLeadId,
          clientId: projects.clientId,
          isMember: sql<boolean>`exists (select 1 from ${projectMembers} m where m.project_id = ${projects.id} and m.user_id = ${actor.id})`,
        })
        .from(projects)
        .where(and(eq(projects.id, projectId), visibleTo(actor)))
        .limit(1);
      return row ?? null;
    },

    /** The projects offered by a choice of the shared rule, by title. */
    projectChoices: (actor: Actor, choice: ProjectChoice) => projectChoices(db, actor, choice),

    /**
     * Serialises one person's submissions for the rest of the transaction, so that a double
     * submission finds the first.
     */
    async lockRequester(userId: string) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`inventory-request:${userId}`}))`);
    },

    /** The same request by the same person within the last seconds, if any. */
    async recentSameRequest(input: {
      requestedById: string;
      inventoryItemId: string;
      projectId: string;
      quantityRequested: number;
      notes: string;
      withinSeconds: number;
    }) {
      const [row] = await db
        .select({ id: inventoryRequests.id })
        .from(inventoryRequests)
        .where(
          and(
            eq(inventoryRequests.requestedById, input.requestedById),
            eq(inventoryRequests.inventoryItemId, input.inventoryItemId),
            eq(inventoryRequests.projectId, input.projectId),
            eq(inventoryRequests.quantityRequested, input.quantityRequested),
            eq(inventoryRequests.notes, input.notes),
            gt(inventoryRequests.createdAt, sql`now() - make_interval(secs => ${input.withinSeconds})`),
          ),
        )
        .orderBy(desc(inventoryRequests.createdAt))
        .limit(1);
      return row?.id ?? null;
    },

    async insertRequest(values: typeof inventoryRequests.$inferInsert) {
      const [row] = await db.insert(inventoryRequests).values(values).returning({ id: inventoryRequests.id });
      return row!.id;
    },

    /** The request as the actor sees it, or null (read with the others asked for at the same moment). */
    findVisibleRequest: (actor: Actor, id: string) => visibleById(actor, id),

    /** The request locked for the transaction, or null when the actor may not see it. */
    async lockVisibleRequest(actor: Actor, id: string) {
      const [row] = await db
        .select()
        .from(inventoryRequests)
        .where(and(eq(inventoryRequests.id, id), visibleInventoryRequests(actor)))
        .for('update')
        .limit(1);
      return row ?? null;
    },

    /** Changes the request; answers the row as saved. */
    async updateRequest(id: string, values: Partial<typeof inventoryRequests.$inferInsert>) {
      const [saved] = await db
        .update(inventoryRequests)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(inventoryRequests.id, id))
        .returning();
      return saved!;
    },

    /**
     * A page of the requests the actor sees, in creation order, from a key of the list's directory (or
     * its start), skipping `start.skip` rows. Its ids come first, from the request's own columns and
     * indexes, so the page skips index entries rather than joined rows; the ids of the pages other people
     * ask for at the same moment of the same list are read in the same statement.
     */
    async requestsPage(
      actor: Actor,
      filter: InventoryRequestFilter,
      page: { start: PageStart; limit: number; descending: boolean },
    ) {
      const { start, limit, descending } = page;
      const ids = filter.search
        ? (
            await pageIds(
              db,
              inventoryRequests,
              inventoryRequests,
              requestConditions(actor, filter),
              descending,
              page,
            )
          ).map((row) => row.id)
        : await pageIdsOf({ actor, filter, descending, limit }, start);
      if (ids.length === 0) return [];
      const rows = await pageRows(ids);
      return inOrderOf(ids, rows, (row) => row.request.id).map(toRequestDto);
    },

    /** The length of the requests list the actor sees. */
    countRequests(actor: Actor, filter: InventoryRequestFilter) {
      return countOf(db, inventoryRequests, requestConditions(actor, filter));
    },

    /** The directory of the requests list the actor sees (see created-directory.ts). */
    requestsDirectory(actor: Actor, filter: InventoryRequestFilter, descending: boolean) {
      return timeKeyDirectory(
        db,
        inventoryRequests,
        inventoryRequests,
        requestConditions(actor, filter),
        descending,
      );
    },
  };
}

export type InventoryRequestsRepository = ReturnType<typeof inventoryRequestsRepository>;
