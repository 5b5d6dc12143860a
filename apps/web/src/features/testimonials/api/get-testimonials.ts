import type { TestimonialListAnswer } from '@trowel/shared/testimonials/testimonial.schemas.ts';
import { usePagedList } from '../../../hooks/use-paged-list.ts';
import { api } from '../../../lib/api-client.ts';
import { pagedQueryOptions, type PageParam } from '../../../lib/paged-query.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const TESTIMONIAL_PAGE_SIZE = 12;

export function getTestimonials(rating: number | null, { page }: PageParam, signal?: AbortSignal) {
  return api.get<TestimonialListAnswer>(
    '/testimonials',
    { page, limit: TESTIMONIAL_PAGE_SIZE, rating: rating ?? undefined },
    signal,
  );
}

/** Testimonials the person may read (administrators all, anyone else their own), newest first. */
export function useTestimonials(rating: number | null) {
  return usePagedList(
    pagedQueryOptions(queryKeys.testimonials.list({ rating }), (param, signal) =>
      getTestimonials(rating, param, signal),
    ),
    (answer) => answer.testimonials,
  );
}
