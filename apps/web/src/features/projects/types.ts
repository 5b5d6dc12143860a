import type { ProjectStatus } from '@trowel/shared/projects/project.constants.ts';
import type { ProjectSummaryDto, projectListPagination } from '@trowel/shared/projects/project.schemas.ts';
import type { z } from 'zod';

export type ProjectListPagination = z.infer<typeof projectListPagination>;

export interface ProjectListResponse {
  success: true;
  projects: ProjectSummaryDto[];
  pagination: ProjectListPagination;
}

/** What narrows the project list: the screen's search and filters, or one person's projects. */
export interface ProjectListFilters {
  search?: string;
  status?: ProjectStatus | '';
  category?: string;
  clientId?: string;
  memberId?: string;
}
