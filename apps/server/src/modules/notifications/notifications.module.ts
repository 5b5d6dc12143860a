import type { RepositoriesOf } from '../../platform.ts';
import type { ServerModule } from '../../server-module.ts';
import { notificationsRepository } from './notifications.repository.ts';
import { notificationSettingsRoutes } from './notification-settings.routes.ts';
import { notificationsRoutes } from './notifications.routes.ts';

const repositories = {
  notifications: notificationsRepository,
};

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
}

export const notificationsModule: ServerModule = {
  name: 'notifications',
  repositories,
  routes: [notificationsRoutes, notificationSettingsRoutes],
};
