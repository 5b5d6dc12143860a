import type { RepositoriesOf } from '../../platform.ts';
import type { ServerModule } from '../../server-module.ts';
import { vendorsRepository } from './vendors.repository.ts';
import { rfqsRepository } from './rfqs.repository.ts';
import { rfqsRoutes } from './rfqs.routes.ts';
import { vendorsRoutes } from './vendors.routes.ts';

const repositories = {
  vendors: vendorsRepository,
  rfqs: rfqsRepository,
};

declare module '../../platform.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's repositories
  interface Repositories extends RepositoriesOf<typeof repositories> {}
}

export const procurementModule: ServerModule = {
  name: 'procurement',
  repositories,
  routes: [vendorsRoutes, rfqsRoutes],
};
