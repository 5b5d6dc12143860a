import type { RepositoriesOf } from '../../platform.ts';
import type { ServerModule } from '../../server-module.ts';
import { projectsRepository } from './projects.repository.ts';
import { phasesRepository } from './phases.repository.ts';
import { phasesRoutes } from './phases.routes.ts';
import { projectsRoutes } from './projects.routes.ts';

const repositories = {
  projects: projectsRepository,
  phases: phasesRepository,
};

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
}

export const projectsModule: ServerModule = {
  name: 'projects',
  repositories,
  routes: [projectsRoutes, phasesRoutes],
};
