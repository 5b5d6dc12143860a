import type { ProjectListAnswer } from '@trowel/shared/projects/project.schemas.ts';
import { usePagedList } from '../../../hooks/use-paged-list.ts';
import { api } from '../../../lib/api-client.ts';
import { pagedQueryOptions, type PageParam } from '../../../lib/paged-query.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { ProjectListFilters } from '../types.ts';

export function getProjects(
  filters: ProjectListFilters,
  limit: number,
  { page, cursor }: PageParam,
  signal?: AbortSignal,
): Promise<ProjectListAnswer> {
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
    startFrom: filters.startFrom,
    startTo: filters.startTo,
  };
  return api.get<ProjectListAnswer>('/projects', query, signal);
}

export function projectsQueryOptions(filters: ProjectListFilters, limit: number) {
  return pagedQueryOptions(queryKeys.projects.list(filters, limit), (param, signal) =>
    getProjects(filters, limit, param, signal),
  );
}

/** Pages of projects, newest first, as one list; the next page follows the previous page's cursor. */
export function useProjects(filters: ProjectListFilters, limit: number) {
  return usePagedList(projectsQueryOptions(filters, limit), (answer) => answer.projects);
}
