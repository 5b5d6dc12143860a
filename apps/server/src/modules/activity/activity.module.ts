import type { RepositoriesOf } from '../../platform.ts';
import type { ServerModule } from '../../server-module.ts';
import { activityRepository } from './activity.repository.ts';

const repositories = {
  activity: activityRepository,
};

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
}

export const activityModule: ServerModule = { name: 'activity', repositories };
