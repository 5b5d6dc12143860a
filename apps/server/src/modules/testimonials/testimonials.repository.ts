import { and, desc, eq, notExists, sql, type SQL } from 'drizzle-orm';
import type { TestimonialDto } from '@trowel/shared/testimonials/testimonial.schemas.ts';
import type { Db } from '../../db/client.ts';
import { projects, testimonials, users } from '../../db/schema.ts';

export interface TestimonialFilter {
  /** Only this author's (everyone but administrators sees their own). */
  authorId?: string | undefined;
  rating?: number | undefined;
}

const columns = {
  id: testimonials.id,
  projectId: testimonials.projectId,
  projectTitle: projects.title,
  rating: testimonials.rating,
  text: testimonials.text,
  author: users.name,
  authorId: testimonials.authorId,
  createdAt: testimonials.createdAt,
};

function toDto(row: { createdAt: Date } & Omit<TestimonialDto, 'timestamp' | 'createdAt'>): TestimonialDto {
  const createdAt = row.createdAt.toISOString();
  return { ...row, createdAt, timestamp: createdAt };
}

/** Clients' testimonials, with their project's title and their author's name. */
export function testimonialsRepository(db: Db) {
  return {
    /** The project as its client sees it (null when it is not theirs). */
    async clientProject(clientId: string, projectId: string) {
      const [row] = await db
        .select({ id: projects.id, title: projects.title, status: projects.status })
        .from(projects)
        .where(and(eq(projects.id, projectId), eq(projects.clientId, clientId)));
      return row ?? null;
    },

    /** Inserts; a second testimonial of the same client on the same project violates the unique key. */
    async insert(input: { projectId: string; authorId: string; rating: number; text: string }) {
      const [row] = await db.insert(testimonials).values(input).returning({ id: testimonials.id });
      return row!.id;
    },

    async findById(id: string): Promise<TestimonialDto | null> {
      const [row] = await db
        .select(columns)
        .from(testimonials)
        .innerJoin(projects, eq(projects.id, testimonials.projectId))
        .innerJoin(users, eq(users.id, testimonials.authorId))
        .where(eq(testimonials.id, id));
      return row ? toDto(row) : null;
    },

    /** A page, newest first, counted in SQL. */
    async list(filter: TestimonialFilter, page: number, limit: number) {
      const conditions: SQL[] = [];
      if (filter.authorId) conditions.push(eq(testimonials.authorId, filter.authorId));
      if (filter.rating !== undefined) conditions.push(eq(testimonials.rating, filter.rating));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [rows, [count]] = await Promise.all([
        db
          .select(columns)
          .from(testimonials)
          .innerJoin(projects, eq(projects.id, testimonials.projectId))
          .innerJoin(users, eq(users.id, testimonials.authorId))
          .where(where)
          .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(testimonials)
          .where(where),
      ]);
      return { rows: rows.map(toDto), total: count?.total ?? 0 };
    },

    /** The client's completed projects without a testimonial of theirs yet, by title. */
    async reviewableProjects(clientId: string) {
      return db
        .select({ id: projects.id, title: projects.title })
        .from(projects)
        .where(
          and(
            eq(projects.clientId, clientId),
            eq(projects.status, 'completed'),
            notExists(
              db
                .select({ one: sql`1` })
                .from(testimonials)
                .where(and(eq(testimonials.projectId, projects.id), eq(testimonials.authorId, clientId))),
            ),
          ),
        )
        .orderBy(projects.title)
        .limit(200);
    },
  };
}

export type TestimonialsRepository = ReturnType<typeof testimonialsRepository>;
