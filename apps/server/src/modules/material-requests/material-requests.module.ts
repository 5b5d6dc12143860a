import type { ServerModule } from '../../server-module.ts';
import { materialRequestsRoutes } from './material-requests.routes.ts';

export const materialRequestsModule: ServerModule = {
  name: 'material-requests',
  routes: [materialRequestsRoutes],
};
