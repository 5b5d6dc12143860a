import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ProjectListFilters, ProjectListResponse } from '../types.ts';

/** The next page to ask for: its number and the position the previous page ended at. */
export interface ProjectPageParam {
  page: number;
  cursor: string | null;
}

export function getProjects(
  filters: ProjectListFilters,
  limit: number,
  { page, cursor }: ProjectPageParam,
  signal?: AbortSignal,
): Promise<ProjectListResponse> {
  const query = {
    page,
    limit,
    sortBy: 'createdAt',
    sortOrder: 'desc',
    status: filters.status,
    category: filters.category,
    search: filters.search,
    cursor,
    clientId: filters.clientId,
    memberId: filters.memberId,
  };
  return api.get<ProjectListResponse>('/projects', query, signal);
}

export function projectsQueryOptions(filters: ProjectListFilters, limit: number) {
  return infiniteQueryOptions({
    queryKey: ['projects', 'list', { ...filters, limit }],
    queryFn: ({ pageParam, signal }) => getProjects(filters, limit, pageParam, signal),
    initialPageParam: { page: 1, cursor: null } as ProjectPageParam,
    getNextPageParam: (last): ProjectPageParam | undefined =>
      last.pagination.hasNext
        ? { page: last.pagination.currentPage + 1, cursor: last.pagination.nextCursor }
        : undefined,
  });
}

/** Pages of projects, newest first; the next page follows the previous page's cursor. */
export function useProjects(filters: ProjectListFilters, limit: number) {
  return useInfiniteQuery(projectsQueryOptions(filters, limit));
}
