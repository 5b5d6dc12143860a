import { z } from 'zod';
import { ok, okList } from '../http/envelope.ts';
import { pageQuery } from '../http/pagination.ts';

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const TESTIMONIAL_TEXT_MAX = 2000;

/** The screen's message when project, rating or text is missing (spec 2 §5). */
export const TESTIMONIAL_INCOMPLETE_MESSAGE = 'Please select a project, provide a rating, and your feedback.';

const rating = z
  .number({ error: `Rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}` })
  .int(`Rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`)
  .min(RATING_MIN, `Rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`)
  .max(RATING_MAX, `Rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`);

/** POST /testimonials: a client's rating and words on one of their completed projects. */
export const createTestimonialInput = z.strictObject({
  projectId: z.uuid({ error: 'Project is required' }),
  rating,
  text: z
    .string({ error: 'Text is required' })
    .trim()
    .min(1, 'Text is required')
    .max(TESTIMONIAL_TEXT_MAX, `Text must be at most ${TESTIMONIAL_TEXT_MAX} characters`),
});
export type CreateTestimonialInput = z.input<typeof createTestimonialInput>;

export const listTestimonialsQuery = pageQuery(20).extend({
  rating: z.coerce
    .number({ error: `rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}` })
    .int(`rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`)
    .min(RATING_MIN, `rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`)
    .max(RATING_MAX, `rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}`)
    .optional(),
});
export type ListTestimonialsQuery = z.input<typeof listTestimonialsQuery>;

export const testimonialDto = z.object({
  id: z.string(),
  projectId: z.string(),
  projectTitle: z.string(),
  rating: z.number().int(),
  text: z.string(),
  /** The client's name. */
  author: z.string(),
  authorId: z.string(),
  timestamp: z.string(),
  createdAt: z.string(),
});
export type TestimonialDto = z.infer<typeof testimonialDto>;

/** A project the client may still review: theirs, completed, without a testimonial of theirs. */
export const reviewableProjectDto = z.object({ id: z.string(), title: z.string() });

// Answers
export const testimonialAnswer = ok({ testimonial: testimonialDto });
export const testimonialListAnswer = okList('testimonials', testimonialDto);
export const reviewableProjectsAnswer = ok({ projects: z.array(reviewableProjectDto) });

export type TestimonialAnswer = z.output<typeof testimonialAnswer>;
export type TestimonialListAnswer = z.output<typeof testimonialListAnswer>;
export type ReviewableProjectsAnswer = z.output<typeof reviewableProjectsAnswer>;
