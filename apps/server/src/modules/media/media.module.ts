import type { ServerModule } from '../../server-module.ts';
import { mediaRoutes } from './media.routes.ts';

export const mediaModule: ServerModule = { name: 'media', routes: [mediaRoutes] };
