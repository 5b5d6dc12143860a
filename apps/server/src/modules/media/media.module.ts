import type { RepositoriesOf } from '../../platform.ts';
import { mediaFileAccess } from './media-file-access.ts';
import type { ServerModule } from '../../server-module.ts';
import { mediaRepository } from './media.repository.ts';
import { mediaRoutes } from './media.routes.ts';

const repositories = {
  media: mediaRepository,
};

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
}

export const mediaModule: ServerModule = {
  name: 'media',
  fileAccess: mediaFileAccess,
  repositories,
  routes: [mediaRoutes],
};
