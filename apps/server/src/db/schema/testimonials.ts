import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtMs } from './columns.ts';
import { users } from './people.ts';
import { projects } from './projects.ts';

/** A client's rating and words on one of their completed projects: one per client and project. */
export const testimonials = pgTable(
  'testimonials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    // Restrict: a client with testimonials is deactivated rather than deleted, and their words stay.
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    rating: integer('rating').notNull(),
    text: text('text').notNull(),
    createdAt: createdAtMs(),
  },
  (t) => [
    uniqueIndex('testimonials_project_author_key').on(t.projectId, t.authorId),
    index('testimonials_created_idx').on(t.createdAt, t.id),
    index('testimonials_author_created_idx').on(t.authorId, t.createdAt),
    index('testimonials_rating_created_idx').on(t.rating, t.createdAt),
    check('testimonials_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);
export type TestimonialRow = typeof testimonials.$inferSelect;
