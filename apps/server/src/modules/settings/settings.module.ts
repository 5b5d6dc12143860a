import { mailJobKinds } from '../../mail/mail-jobs.ts';
import type { ServerModule } from '../../server-module.ts';
import { emailIntegrationRoutes } from './email-integration.routes.ts';
import { systemSettingsRoutes } from './system-settings.routes.ts';

/** System settings and the email integration, with the jobs that send mail through it. */
export const settingsModule: ServerModule = {
  name: 'settings',
  routes: [systemSettingsRoutes, emailIntegrationRoutes],
  jobKinds: mailJobKinds,
};
