import { ATTACHMENT_JOB, attachmentJobFailed, processAttachment } from '../../files/attachment-job.ts';
import { taskFileAccess } from './task-file-access.ts';
import type { ServerModule } from '../../server-module.ts';
import { attachmentsRoutes } from './attachments.routes.ts';

export const attachmentsModule: ServerModule = {
  name: 'attachments',
  fileAccess: taskFileAccess,
  routes: [attachmentsRoutes],
  jobKinds: { [ATTACHMENT_JOB]: { run: processAttachment, failed: attachmentJobFailed } },
};
