import type { ServerModule } from '../../server-module.ts';
import { notificationSettingsRoutes } from './notification-settings.routes.ts';
import { notificationsRoutes } from './notifications.routes.ts';

export const notificationsModule: ServerModule = {
  name: 'notifications',
  routes: [notificationsRoutes, notificationSettingsRoutes],
};
