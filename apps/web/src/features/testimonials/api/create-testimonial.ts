import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateTestimonialInput,
  TestimonialAnswer,
} from '@trowel/shared/testimonials/testimonial.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';

export function createTestimonial(input: CreateTestimonialInput) {
  return api.post<TestimonialAnswer>('/testimonials', input);
}

export function useCreateTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTestimonial,
    onSuccess: () => invalidateAll(queryClient, staleAfter.testimonial()),
  });
}
