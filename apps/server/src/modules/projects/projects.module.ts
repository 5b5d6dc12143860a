import type { ServerModule } from '../../server-module.ts';
import { phasesRoutes } from './phases.routes.ts';
import { projectsRoutes } from './projects.routes.ts';

export const projectsModule: ServerModule = { name: 'projects', routes: [projectsRoutes, phasesRoutes] };
