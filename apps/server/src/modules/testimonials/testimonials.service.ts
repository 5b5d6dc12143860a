import { can } from '@trowel/shared/auth/policy.ts';
import { paginate } from '@trowel/shared/http/pagination.ts';
import type { z } from 'zod';
import type {
  createTestimonialInput,
  listTestimonialsQuery,
} from '@trowel/shared/testimonials/testimonial.schemas.ts';
import type { ModuleContext } from '../../platform.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/errors.ts';
import type { AuthUser } from '../../http/access.ts';
import { AppError, notFound } from '../../http/app-error.ts';

const STARS = (rating: number) => `${rating} star${rating === 1 ? '' : 's'}`;

/**
 * A client's testimonial on their own completed project: another's project answers 404, one not
 * completed 409, a second testimonial on the same project 409. Administrators are notified in the
 * same transaction.
 */
export async function createTestimonial(
  ctx: ModuleContext,
  actor: AuthUser,
  input: z.output<typeof createTestimonialInput>,
) {
  const project = await ctx.testimonials.clientProject(actor.id, input.projectId);
  if (!project) throw notFound('Project');
  if (project.status !== 'completed')
    throw new AppError('INVALID_STATE', 'Testimonials can be left on completed projects only');
  let id: string;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const scoped = ctx.withDb(tx);
      const created = await scoped.testimonials.insert({
        projectId: project.id,
        authorId: actor.id,
        rating: input.rating,
        text: input.text,
      });
      await scoped.notifications.create({
        type: 'testimonial',
        title: 'New testimonial',
        message: `${actor.name} rated ${project.title} ${STARS(input.rating)}: “${input.text.slice(0, 200)}”`,
        link: '/testimonials',
        projectId: project.id,
        recipientRoles: ['admin'],
        excludeUserId: actor.id,
      });
      return created;
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION)
      throw new AppError('CONFLICT', 'You have already left a testimonial for this project');
    throw error;
  }
  await ctx.invalidate({ kind: 'notifications' });
  ctx.wakeWorker();
  const testimonial = await ctx.testimonials.findById(id);
  if (!testimonial) throw notFound('Testimonial');
  return testimonial;
}

/** Administrators read every testimonial; anyone else their own. */
export async function listTestimonials(
  ctx: ModuleContext,
  actor: AuthUser,
  query: z.output<typeof listTestimonialsQuery>,
) {
  const { page, limit, rating } = query;
  const filter = {
    authorId: can(actor, 'testimonials:read-all') ? undefined : actor.id,
    rating,
  };
  const { rows, total } = await ctx.testimonials.list(filter, page, limit);
  return { testimonials: rows, pagination: paginate(page, limit, total) };
}

/** The client's completed projects they have not reviewed yet (the screen's project choices). */
export function reviewableProjects(ctx: ModuleContext, actor: AuthUser) {
  return ctx.testimonials.reviewableProjects(actor.id);
}
