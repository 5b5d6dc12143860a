import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Actor } from '@trowel/shared/auth/policy.ts';
import type { ListProjectsQuery } from '@trowel/shared/projects/project.schemas.ts';
import type { ProjectStatus } from '@trowel/shared/projects/project.constants.ts';
import type { Db } from '../../db/client.ts';
import { preparedStatements, type Bind, type Preparable } from '../../db/prepared.ts';
import { projectPaymentColumns } from '../../db/project-payments.ts';
import { projectMembers, projects, users } from '../../db/schema.ts';
import type { KeysetCursor } from '../../db/keyset-cursor.ts';
import { visibleTo, scopeLetter } from '../../db/visibility.ts';

export const lead = alias(users, 'lead');
export const client = alias(users, 'client');

export const summaryColumns = {
  project: projects,
  leadName: lead.name,
  clientName: client.name,
  teamMemberCount: sql<number>`(select count(*)::int from ${projectMembers} where ${projectMembers.projectId} = ${projects.id})`,
  /** The value recorded in the project's financials (null while none are). */
  valueKobo: projectPaymentColumns.valueKobo,
  /** Its approved change orders, added up (the current value adds them). */
  variationsKobo: projectPaymentColumns.variationsKobo,
};

export type ProjectFilter = Pick<
  ListProjectsQuery,
  'status' | 'category' | 'clientId' | 'memberId' | 'startFrom' | 'startTo' | 'search'
>;

/** Where a page starts: right after a key (cursor) or at a key (numbered page). */
export interface PagePosition {
  key: KeysetCursor;
  inclusive: boolean;
}

type Values = {
  actorId: string;
  status: string | undefined;
  category: string | undefined;
  clientId: string | undefined;
  memberId: string | undefined;
  startFrom: string | undefined;
  startTo: string | undefined;
  pattern: string | undefined;
  keyCreatedAt: string | undefined;
  keyId: string | undefined;
  limit: number;
  offset: number;
};

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The list's statements, keyed by the shape of the request (which filters are set, the order, where
 * the page starts). Shapes without a search are prepared once and reused, so neither the query
 * builder nor the database planner runs per request; searches are planned for their own pattern.
 */
export function projectListStatements(db: Db) {
  function conditions(actor: Actor, filter: ProjectFilter, bind: Bind): SQL | undefined {
    const parts: Array<SQL | undefined> = [visibleTo(actor, bind('actorId', actor.id))];
    if (filter.status) parts.push(eq(projects.status, bind('status', filter.status) as ProjectStatus));
    if (filter.category) parts.push(eq(projects.category, bind('category', filter.category) as string));
    if (filter.clientId) parts.push(eq(projects.clientId, bind('clientId', filter.clientId) as string));
    if (filter.memberId) {
      const member = bind('memberId', filter.memberId);
      parts.push(
        or(
          eq(projects.projectLeadId, member as string),
          sql`exists (select 1 from ${projectMembers} where ${projectMembers.projectId} = ${projects.id} and ${projectMembers.userId} = ${member})`,
        ),
      );
    }
    if (filter.startFrom)
      parts.push(sql`${projects.startDate} >= ${bind('startFrom', filter.startFrom)}::date`);
    if (filter.startTo) parts.push(sql`${projects.startDate} <= ${bind('startTo', filter.startTo)}::date`);
    if (filter.search) {
      const pattern = bind('pattern', `%${escapeLike(filter.search)}%`) as string;
      parts.push(or(ilike(projects.title, pattern), ilike(projects.location, pattern)));
    }
    return and(...parts);
  }

  function positionAfter(position: PagePosition | null, descending: boolean, bind: Bind) {
    if (!position) return undefined;
    const { inclusive, key } = position;
    const op = sql.raw(descending ? (inclusive ? '<=' : '<') : inclusive ? '>=' : '>');
    const createdAt = bind('keyCreatedAt', key.createdAt.toISOString());
    const id = bind('keyId', key.id);
    return sql`(${projects.createdAt}, ${projects.id}) ${op} (${createdAt}::timestamptz, ${id}::uuid)`;
  }

  const order = (descending: boolean) =>
    descending ? [desc(projects.createdAt), desc(projects.id)] : [asc(projects.createdAt), asc(projects.id)];

  function valuesOf(actor: Actor, filter: ProjectFilter, extra: Partial<Values>): Values {
    return {
      actorId: actor.id,
      status: filter.status,
      category: filter.category,
      clientId: filter.clientId,
      memberId: filter.memberId,
      startFrom: filter.startFrom,
      startTo: filter.startTo,
      pattern: filter.search ? `%${escapeLike(filter.search)}%` : undefined,
      keyCreatedAt: undefined,
      keyId: undefined,
      limit: 0,
      offset: 0,
      ...extra,
    };
  }

  function shapeOf(actor: Actor, filter: ProjectFilter) {
    const flags = [
      scopeLetter(actor),
      filter.status ? 'S' : '',
      filter.category ? 'C' : '',
      filter.clientId ? 'K' : '',
      filter.memberId ? 'M' : '',
      filter.startFrom ? 'F' : '',
      filter.startTo ? 'T' : '',
    ];
    return flags.join('');
  }

  const prepared = preparedStatements('projects');

  /** Runs the query prepared under a name for its shape, or inline when the request searches. */
  function run<T>(
    name: string,
    actor: Actor,
    filter: ProjectFilter,
    values: Partial<Values>,
    query: (bind: Bind) => Preparable<T>,
  ): Promise<T> {
    const shape = filter.search ? null : `${name}_${shapeOf(actor, filter)}`;
    return prepared(shape, { ...valuesOf(actor, filter, values) }, query);
  }

  return {
    /** One page of summaries in creation order, one row more than asked to tell whether another follows. */
    page(
      actor: Actor,
      filter: ProjectFilter,
      descending: boolean,
      position: PagePosition | null,
      limit: number,
    ) {
      const at = position ? (position.inclusive ? 'from' : 'after') : 'start';
      const values = {
        limit: limit + 1,
        keyCreatedAt: position?.key.createdAt.toISOString(),
        keyId: position?.key.id,
      };
      return run(`page_${descending ? 'desc' : 'asc'}_${at}`, actor, filter, values, (bind) =>
        db
          .select(summaryColumns)
          .from(projects)
          .leftJoin(lead, eq(lead.id, projects.projectLeadId))
          .leftJoin(client, eq(client.id, projects.clientId))
          .where(and(conditions(actor, filter, bind), positionAfter(position, descending, bind)))
          .orderBy(...order(descending))
          .limit(bind('limit', limit + 1) as number),
      );
    },

    /** The key of the row `offset` places into the list, read from the narrow index. */
    async keyAt(actor: Actor, filter: ProjectFilter, descending: boolean, offset: number) {
      const rows = await run(`key_${descending ? 'desc' : 'asc'}`, actor, filter, { offset }, (bind) =>
        db
          .select({ createdAt: projects.createdAt, id: projects.id })
          .from(projects)
          .where(conditions(actor, filter, bind))
          .orderBy(...order(descending))
          .limit(1)
          .offset(bind('offset', offset) as number),
      );
      return rows[0] ?? null;
    },

    async count(actor: Actor, filter: ProjectFilter) {
      const rows = await run('count', actor, filter, {}, (bind) =>
        db
          .select({ total: count() })
          .from(projects)
          .where(conditions(actor, filter, bind)),
      );
      return Number(rows[0]?.total ?? 0);
    },
  };
}
