import type { RepositoriesOf } from '../../platform.ts';
import type { ServerModule } from '../../server-module.ts';
import { NOTIFICATION_PUSH_JOB, pushRetryDelaySeconds } from '../../notices/push-jobs.ts';
import { pushBurstsRepository } from './push-bursts.repository.ts';
import { sendNotificationPushes } from './push-job.ts';
import { pushRoutes } from './push.routes.ts';
import { pushSubscriptionsRepository } from './push-subscriptions.repository.ts';

const repositories = {
  pushSubscriptions: pushSubscriptionsRepository,
  pushBursts: pushBurstsRepository,
};

declare module '../../platform.ts' {
  interface Repositories extends RepositoriesOf<typeof repositories> {}
}

/**
 * Web Push: people's devices subscribe, and every notification whose category a person allows is
 * pushed to each of their devices (the notices statement queues the job; see notices/push-jobs.ts).
 */
export const pushModule: ServerModule = {
  name: 'push',
  repositories,
  routes: [pushRoutes],
  jobKinds: {
    [NOTIFICATION_PUSH_JOB]: {
      run: sendNotificationPushes,
      retryDelaySeconds: pushRetryDelaySeconds,
      keepDays: 7,
    },
  },
};
