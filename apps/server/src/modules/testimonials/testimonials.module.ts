import type { RepositoriesOf } from '../../platform.ts';
import type { ServerModule } from '../../server-module.ts';
import { testimonialsRepository } from './testimonials.repository.ts';
import { testimonialsRoutes } from './testimonials.routes.ts';

const repositories = {
  testimonials: testimonialsRepository,
};

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
}

export const testimonialsModule: ServerModule = {
  name: 'testimonials',
  repositories,
  routes: [testimonialsRoutes],
};
