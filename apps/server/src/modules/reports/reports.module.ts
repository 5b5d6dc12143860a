import type { RepositoriesOf } from '../../platform.ts';
import type { ServerModule } from '../../server-module.ts';
import { reportsRepository } from './reports.repository.ts';
import { reportsRoutes } from './reports.routes.ts';

const repositories = {
  reports: reportsRepository,
};

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
}

export const reportsModule: ServerModule = { name: 'reports', repositories, routes: [reportsRoutes] };
