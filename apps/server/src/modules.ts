import { mailJobKinds } from './mail/mail-jobs.ts';
import { emailIntegrationRoutes } from './settings/email-integration.routes.ts';
import { systemSettingsRoutes } from './settings/system-settings.routes.ts';
import * as manifests from './modules/index.ts';
import { housekeepingOf, jobKindsOf, type ServerModule } from './server-module.ts';

// The manifests, again from here: a program that reads this file's declarations (the benchmarks) loads
// every module's additions to `Repositories` through them.
export * from './modules/index.ts';

/**
 * The system settings screens and the email integration, with the jobs that send mail through it:
 * they live with the settings every module reads (`settings/`, a lower layer), so their manifest is here.
 */
const settingsModule: ServerModule = {
  name: 'settings',
  routes: [systemSettingsRoutes, emailIntegrationRoutes],
  jobKinds: mailJobKinds,
};

/**
 * The modules the server, the worker and the benchmarks are assembled from: those of the module list
 * (`modules/index.ts`, registered in the order of their names) and the settings screens.
 */
export const MODULES: readonly ServerModule[] = [...Object.values(manifests), settingsModule];

/** Every background job kind of the modules. */
export const JOB_KINDS = jobKindsOf(MODULES);

/** Every periodic clean-up of the modules, run by each worker. */
export const HOUSEKEEPING = housekeepingOf(MODULES);
