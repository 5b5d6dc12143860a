import type { RepositoriesOf } from '../../platform.ts';
import type { ServerModule } from '../../server-module.ts';
import { autoLoginRepository } from './auto-login.repository.ts';
import { autoLoginRoutes } from './auto-login.routes.ts';

const repositories = {
  autoLogin: autoLoginRepository,
};

declare module '../../platform.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's repositories
  interface Repositories extends RepositoriesOf<typeof repositories> {}
}

export const autoLoginModule: ServerModule = { name: 'auto-login', repositories, routes: [autoLoginRoutes] };
