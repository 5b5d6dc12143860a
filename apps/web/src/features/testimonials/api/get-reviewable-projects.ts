import { useQuery } from '@tanstack/react-query';
import type { ReviewableProjectsAnswer } from '@trowel/shared/testimonials/testimonial.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getReviewableProjects(signal?: AbortSignal) {
  return (await api.get<ReviewableProjectsAnswer>('/testimonials/reviewable-projects', undefined, signal))
    .projects;
}

/** The client's completed projects without a testimonial of theirs yet. */
export function useReviewableProjects(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.testimonials.reviewableProjects,
    queryFn: ({ signal }) => getReviewableProjects(signal),
    enabled,
  });
}
