import type { RepositoriesOf } from '../../platform.ts';
import type { ServerModule } from '../../server-module.ts';
import { negotiationsRepository } from './negotiations.repository.ts';
import { withdrawOffersLeavingNegotiation } from './negotiation-withdrawal.ts';
import { negotiationsRoutes } from './negotiations.routes.ts';

const repositories = {
  negotiations: negotiationsRepository,
};

declare module '../../platform.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's repositories
  interface Repositories extends RepositoriesOf<typeof repositories> {}
}

export const negotiationsModule: ServerModule = {
  name: 'negotiations',
  repositories,
  routes: [negotiationsRoutes],
  workflowReactions: [withdrawOffersLeavingNegotiation],
};
