import type { ServerModule } from '../../server-module.ts';
import { testimonialsRoutes } from './testimonials.routes.ts';

export const testimonialsModule: ServerModule = { name: 'testimonials', routes: [testimonialsRoutes] };
