import type { ServerModule } from '../../server-module.ts';
import { budgetsRoutes } from './budgets.routes.ts';

export const budgetsModule: ServerModule = { name: 'budgets', routes: [budgetsRoutes] };
