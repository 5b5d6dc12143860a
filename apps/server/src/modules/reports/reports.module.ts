import type { RepositoriesOf } from '../../platform.ts';
import type { ServerModule } from '../../server-module.ts';
import { reportsRepository } from './reports.repository.ts';
import { reportsRoutes } from './reports.routes.ts';

const repositories = {
  reports: reportsRepository,
};

declare module '../../platform.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's repositories
  interface Repositories extends RepositoriesOf<typeof repositories> {}
}

export const reportsModule: ServerModule = { name: 'reports', repositories, routes: [reportsRoutes] };
