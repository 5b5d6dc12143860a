import { can } from '@trowel/shared/auth/policy.ts';
import type { ProcessingStatus } from '@trowel/shared/users/user.schemas.ts';
import type { ModuleContext } from '../../platform.ts';
import type { JobRow } from '../../db/schema/system.ts';
import { ATTACHMENT_JOB } from '../../files/attachment-job.ts';
import type { AuthUser } from '../../http/access.ts';
import { notFound } from '../../http/app-error.ts';

/** Job states as the status call words them (spec 1 §7): processing, or completed. */
const STATUS = {
  queued: 'processing',
  running: 'processing',
  done: 'completed',
  failed: 'completed',
} as const satisfies Record<JobRow['status'], ProcessingStatus['status']>;

/** Why a job failed, naming the file it was about when the reason does not already. */
async function failureReason(ctx: ModuleContext, job: JobRow): Promise<string> {
  const reason = job.error ?? 'Processing failed';
  if (job.type !== ATTACHMENT_JOB) return reason;
  const { attachmentId } = job.payload as { attachmentId?: string };
  const file = attachmentId ? await ctx.attachments.find(attachmentId) : null;
  if (!file || reason.startsWith(`${file.originalName}:`)) return reason;
  return `${file.originalName}: ${reason}`;
}

/** The state of background work the caller started (admins see anyone's); 404 for anything else. */
export async function processingStatus(
  ctx: ModuleContext,
  actor: AuthUser,
  processingId: string,
): Promise<ProcessingStatus> {
  const job = await ctx.jobs.findByProcessingId(processingId);
  if (!job || (job.requestedBy !== actor.id && !can(actor, 'processing:read-any'))) {
    throw notFound('Processing job');
  }
  const result = (job.result ?? {}) as { avatar?: string; variants?: Record<string, string> };
  return {
    processingId: job.processingId,
    status: STATUS[job.status],
    ...(job.status === 'failed' ? { failed: true, error: await failureReason(ctx, job) } : {}),
    ...(result.avatar ? { avatar: result.avatar } : {}),
    ...(result.variants ? { variants: result.variants } : {}),
  };
}
