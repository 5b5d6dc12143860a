import { useQueryClient } from '@tanstack/react-query';
import {
  NARROW_SCREEN_PX,
  PROJECT_PAGE_SIZE_NARROW,
  PROJECT_PAGE_SIZE_WIDE,
} from '@trowel/shared/projects/project.constants.ts';
import type { ProjectSummaryDto } from '@trowel/shared/projects/project.schemas.ts';
import { useState } from 'react';
import { projectsQueryOptions, useProjects } from '../api/get-projects.ts';
import type { ProjectListFilters } from '../types.ts';

/** Page size: 8 on screens narrower than 768 px, otherwise 12. */
export function projectPageSize(width: number): number {
  return width < NARROW_SCREEN_PX ? PROJECT_PAGE_SIZE_NARROW : PROJECT_PAGE_SIZE_WIDE;
}

function uniqueById(projects: ProjectSummaryDto[]): ProjectSummaryDto[] {
  const seen = new Set<string>();
  return projects.filter((project) => (seen.has(project.id) ? false : (seen.add(project.id), true)));
}

/** The loaded pages of projects as one list, its total, and a reload that starts again at page 1. */
export function useProjectList(filters: ProjectListFilters) {
  const queryClient = useQueryClient();
  const [limit] = useState(() => projectPageSize(window.innerWidth));
  const query = useProjects(filters, limit);
  const pages = query.data?.pages ?? [];
  const projects = uniqueById(pages.flatMap((page) => page.projects));
  const total = pages.at(-1)?.pagination.totalItems ?? projects.length;
  const reload = () =>
    queryClient.resetQueries({ queryKey: projectsQueryOptions(filters, limit).queryKey, exact: true });
  return { query, projects, total, reload };
}

export type ProjectList = ReturnType<typeof useProjectList>;
