import type { ProjectStatus } from '@trowel/shared/projects/project.constants.ts';

/** What narrows the project list: the screen's search and filters, or one person's projects. */
export interface ProjectListFilters {
  search?: string;
  status?: ProjectStatus | '';
  category?: string;
  clientId?: string;
  memberId?: string;
  startFrom?: string;
  startTo?: string;
}
