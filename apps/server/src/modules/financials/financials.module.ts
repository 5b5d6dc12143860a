import type { ServerModule } from '../../server-module.ts';
import { financialsRoutes } from './financials.routes.ts';

export const financialsModule: ServerModule = { name: 'financials', routes: [financialsRoutes] };
