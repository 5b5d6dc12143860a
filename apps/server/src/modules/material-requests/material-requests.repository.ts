import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { can, type Actor } from '@trowel/shared/auth/policy.ts';
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
import { inline, preparedStatements, type Bind } from '../../db/prepared.ts';
import { visibleTo } from '../../db/visibility.ts';

export interface MaterialRequestFilter {
  projectId?: string | undefined;
  /** A status, or a store status (then the requests the store keeper answered so). */
  status?: MaterialRequestStatus | MaterialStoreStatus | undefined;
}

/**
 * The requests a user sees (spec 2 §2): everyone's for those who read all; a lead those of the
 * projects they lead and their own; anyone else their own.
 */
export function visibleMaterialRequests(actor: Actor, bind: Bind = inline): SQL | undefined {
  if (can(actor, 'material-requests:read-all')) return undefined;
  const actorId = bind('actorId', actor.id) as string;
  const own = eq(materialRequests.requestedById, actorId);
  if (!can(actor, 'material-requests:review')) return own;
  return or(
    own,
    inArray(
      materialRequests.projectId,
      sql`(select ${projects.id} from ${projects} where ${projects.projectLeadId} = ${actorId})`,
    ),
  );
}

/** What changes the text of `visibleMaterialRequests`: everything seen, one's own, or also one's led projects'. */
function scopeOf(actor: Actor) {
  if (can(actor, 'material-requests:read-all')) return 'all';
  return can(actor, 'material-requests:review') ? 'own_led' : 'own';
}

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

  return {
    async insert(input: { projectId: string; requestedById: string; items: MaterialItem[]; notes: string }) {
      const [row] = await db.insert(materialRequests).values(input).returning({ id: materialRequests.id });
      return row!.id;
    },

    async findVisible(actor: Actor, id: string): Promise<MaterialRequestDto | null> {
      const [row] = await prepared(`find_visible_${scopeOf(actor)}`, { id, actorId: actor.id }, (bind) =>
        joined()
          .where(and(eq(materialRequests.id, bind('id', id) as string), visibleMaterialRequests(actor, bind)))
          .limit(1),
      );
      return row ? toDto(row) : null;
    },

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

    /** A page in creation order, counted in SQL. */
    async list(
      actor: Actor,
      filter: MaterialRequestFilter,
      page: { page: number; limit: number; descending: boolean },
    ) {
      const storeStatus =
        filter.status !== undefined && (MATERIAL_STORE_STATUSES as readonly string[]).includes(filter.status);
      const where = (bind: Bind) =>
        and(
          visibleMaterialRequests(actor, bind),
          filter.projectId
            ? eq(materialRequests.projectId, bind('projectId', filter.projectId) as string)
            : undefined,
          filter.status === undefined
            ? undefined
            : storeStatus
              ? eq(materialRequests.storeStatus, bind('status', filter.status) as MaterialStoreStatus)
              : eq(materialRequests.status, bind('status', filter.status) as MaterialRequestStatus),
        );
      const order = page.descending ? desc : asc;
      const filtered = `${scopeOf(actor)}${filter.projectId ? '_project' : ''}${
        filter.status === undefined ? '' : storeStatus ? '_store_status' : '_status'
      }`;
      const values = {
        actorId: actor.id,
        projectId: filter.projectId,
        status: filter.status,
        limit: page.limit,
        offset: (page.page - 1) * page.limit,
      };
      const [rows, [count]] = await Promise.all([
        prepared(`page_${filtered}_${page.descending ? 'desc' : 'asc'}`, values, (bind) =>
          joined()
            .where(where(bind))
            .orderBy(order(materialRequests.createdAt), order(materialRequests.id))
            .limit(bind('limit', values.limit) as number)
            .offset(bind('offset', values.offset) as number),
        ),
        prepared(`count_${filtered}`, values, (bind) =>
          db
            .select({ total: sql<number>`count(*)::int` })
            .from(materialRequests)
            .where(where(bind)),
        ),
      ]);
      return { rows: rows.map(toDto), total: count?.total ?? 0 };
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
