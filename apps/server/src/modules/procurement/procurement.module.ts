import type { ServerModule } from '../../server-module.ts';
import { rfqsRoutes } from './rfqs.routes.ts';
import { vendorsRoutes } from './vendors.routes.ts';

export const procurementModule: ServerModule = { name: 'procurement', routes: [vendorsRoutes, rfqsRoutes] };
