import { AVATAR_JOB, processAvatar } from '../modules/users/avatar.service.ts';
import type { JobHandler } from './worker.ts';

/** Every kind of background job and the function that runs it. */
export const jobHandlers: Record<string, JobHandler> = {
  [AVATAR_JOB]: processAvatar,
};
