import type { RepositoriesOf } from '../../platform.ts';
import { changesFrom, keptAnswers, keptData as declare, type KeptDataOf } from '../../cache/kept-data.ts';
import type { ServerModule } from '../../server-module.ts';
import { notificationsRepository } from './notifications.repository.ts';
import { notificationSettingsRoutes } from './notification-settings.routes.ts';
import { notificationsRoutes } from './notifications.routes.ts';

const repositories = {
  notifications: notificationsRepository,
};

const keptData = {
  /**
   * Pages of people's notification feeds, serialized (a page of 20 is some 8 kB): dropped on every
   * change, since new notifications are written with the change that caused them.
   */
  notificationPages: declare({
    make: () => keptAnswers({ maxEntries: 1000, maxBytes: 8 * 1024 * 1024 }),
    droppedBy: changesFrom('notifications'),
  }),
};

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
  interface ModuleKeptData extends KeptDataOf<typeof keptData> {}
}

export const notificationsModule: ServerModule = {
  name: 'notifications',
  repositories,
  keptData,
  routes: [notificationsRoutes, notificationSettingsRoutes],
};
