import { activityModule } from './modules/activity/activity.module.ts';
import { attachmentsModule } from './modules/attachments/attachments.module.ts';
import { authModule } from './modules/auth/auth.module.ts';
import { budgetsModule } from './modules/budgets/budgets.module.ts';
import { dailyLogsModule } from './modules/daily-logs/daily-logs.module.ts';
import { financialsModule } from './modules/financials/financials.module.ts';
import { inventoryModule } from './modules/inventory/inventory.module.ts';
import { materialRequestsModule } from './modules/material-requests/material-requests.module.ts';
import { mediaModule } from './modules/media/media.module.ts';
import { notificationsModule } from './modules/notifications/notifications.module.ts';
import { processingModule } from './modules/processing/processing.module.ts';
import { procurementModule } from './modules/procurement/procurement.module.ts';
import { projectsModule } from './modules/projects/projects.module.ts';
import { reportsModule } from './modules/reports/reports.module.ts';
import { systemModule } from './modules/system/system.module.ts';
import { testimonialsModule } from './modules/testimonials/testimonials.module.ts';
import { usersModule } from './modules/users/users.module.ts';
import { mailJobKinds } from './mail/mail-jobs.ts';
import { emailIntegrationRoutes } from './settings/email-integration.routes.ts';
import { systemSettingsRoutes } from './settings/system-settings.routes.ts';
import { housekeepingOf, jobKindsOf, type ServerModule } from './server-module.ts';

/**
 * The system settings screens and the email integration, with the jobs that send mail through it:
 * they live with the settings every module reads (`settings/`, a lower layer), so their manifest is here.
 */
const settingsModule: ServerModule = {
  name: 'settings',
  routes: [systemSettingsRoutes, emailIntegrationRoutes],
  jobKinds: mailJobKinds,
};

/** The modules the server and the worker are assembled from: a new module is one line here. */
export const MODULES: readonly ServerModule[] = [
  systemModule,
  authModule,
  activityModule,
  usersModule,
  processingModule,
  projectsModule,
  notificationsModule,
  reportsModule,
  dailyLogsModule,
  budgetsModule,
  financialsModule,
  attachmentsModule,
  mediaModule,
  settingsModule,
  testimonialsModule,
  procurementModule,
  materialRequestsModule,
  inventoryModule,
];

/**
 * The manifests too: a program that reads this file's declarations (the benchmarks) loads every
 * module's additions to `Repositories` through them.
 */
export {
  systemModule,
  authModule,
  activityModule,
  usersModule,
  processingModule,
  projectsModule,
  notificationsModule,
  reportsModule,
  dailyLogsModule,
  budgetsModule,
  financialsModule,
  attachmentsModule,
  mediaModule,
  settingsModule,
  testimonialsModule,
  procurementModule,
  materialRequestsModule,
  inventoryModule,
};

/** Every background job kind of the modules. */
export const JOB_KINDS = jobKindsOf(MODULES);

/** Every periodic clean-up of the modules, run by each worker. */
export const HOUSEKEEPING = housekeepingOf(MODULES);
