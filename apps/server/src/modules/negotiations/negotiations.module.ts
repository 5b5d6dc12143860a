import type { ServerModule } from '../../server-module.ts';
import { withdrawOffersLeavingNegotiation } from './negotiation-withdrawal.ts';
import { negotiationsRoutes } from './negotiations.routes.ts';

export const negotiationsModule: ServerModule = {
  name: 'negotiations',
  routes: [negotiationsRoutes],
  workflowReactions: [withdrawOffersLeavingNegotiation],
};
