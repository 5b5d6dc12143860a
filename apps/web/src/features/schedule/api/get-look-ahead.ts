import { useQuery } from '@tanstack/react-query';
import type { lookAheadAnswer } from '@trowel/shared/schedule/schedule.schemas.ts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type LookAheadAnswer = z.infer<typeof lookAheadAnswer>;

/** The look-ahead's window: the next two weeks. */
export const LOOK_AHEAD_DAYS = 14;

/** The unfinished tasks of the person's projects starting, due or late in the next `days` days. */
export function useLookAhead(days = LOOK_AHEAD_DAYS) {
  return useQuery({
    queryKey: queryKeys.schedule.lookAhead(days),
    queryFn: ({ signal }) => api.get<LookAheadAnswer>('/schedule/look-ahead', { days }, signal),
  });
}
