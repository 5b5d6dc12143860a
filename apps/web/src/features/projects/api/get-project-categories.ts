import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectCategoriesAnswer } from '@trowel/shared/projects/project.schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getProjectCategories(signal?: AbortSignal): Promise<string[]> {
  const { categories } = await api.get<ProjectCategoriesAnswer>('/projects/categories', undefined, signal);
  return categories;
}

export function projectCategoriesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.projects.categories,
    queryFn: ({ signal }) => getProjectCategories(signal),
    staleTime: 5 * 60_000,
  });
}

/** The distinct categories of the projects this user can see. */
export function useProjectCategories() {
  return useQuery(projectCategoriesQueryOptions());
}
