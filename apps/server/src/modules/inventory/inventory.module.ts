import type { ServerModule } from '../../server-module.ts';
import { inventoryRoutes } from './inventory.routes.ts';

export const inventoryModule: ServerModule = { name: 'inventory', routes: [inventoryRoutes] };
