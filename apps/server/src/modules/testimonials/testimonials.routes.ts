import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createTestimonialInput,
  listTestimonialsQuery,
  reviewableProjectsAnswer,
  testimonialAnswer,
  testimonialListAnswer,
} from '@trowel/shared/testimonials/testimonial.schemas.ts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../http/access.ts';
import { createTestimonial, listTestimonials, reviewableProjects } from './testimonials.service.ts';

/** Clients leave testimonials on their completed projects; administrators read them all. */
export function testimonialsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/testimonials',
      {
        config: { access: 'testimonials:create' },
        schema: {
          tags: ['testimonials'],
          body: createTestimonialInput,
          response: { 201: testimonialAnswer },
        },
      },
      async (request) => {
        const testimonial = await createTestimonial(ctx, actorOf(request), request.body);
        return { success: true as const, testimonial };
      },
    );

    app.get(
      '/testimonials',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['testimonials'],
          querystring: listTestimonialsQuery,
          response: { 200: testimonialListAnswer },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await listTestimonials(ctx, actorOf(request), request.query)),
      }),
    );

    app.get(
      '/testimonials/reviewable-projects',
      {
        config: { access: 'testimonials:create' },
        schema: { tags: ['testimonials'], response: { 200: reviewableProjectsAnswer } },
      },
      async (request) => ({
        success: true as const,
        projects: await reviewableProjects(ctx, actorOf(request)),
      }),
    );
  };
}
