import { ATTACHMENT_JOB, attachmentJobFailed, processAttachment } from '../files/attachment-job.ts';
import { AVATAR_JOB, avatarJobFailed, processAvatar } from '../modules/users/avatar.service.ts';
import { mailJobKinds } from '../mail/mail-jobs.ts';
import type { JobKind } from './worker.ts';

/** Every kind of background job: the function that runs it, and what happens when it fails for good. */
export const jobKinds: Record<string, JobKind> = {
  [AVATAR_JOB]: { run: processAvatar, failed: avatarJobFailed },
  [ATTACHMENT_JOB]: { run: processAttachment, failed: attachmentJobFailed },
  ...mailJobKinds,
};
