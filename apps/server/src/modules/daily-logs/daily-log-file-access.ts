import { canSeeLog } from '@trowel/shared/daily-logs/daily-log.policy.ts';
import type { AuthUser } from '../../http/access.ts';
import type { FileAccessRules, PlatformContext } from '../../platform.ts';

async function logVisible(ctx: PlatformContext, viewer: AuthUser, logId: string | null | undefined) {
  const log = logId ? await ctx.dailyLogs.find(logId) : null;
  return Boolean(log && canSeeLog(viewer, log));
}

/** Files of daily logs and their replies: whoever sees the log. */
export const dailyLogFileAccess: FileAccessRules = {
  log: {
    who: 'everyone who sees the log: staff, and the project’s client when the log is client visible',
    mayOpen: async (ctx, viewer, file) =>
      Boolean(viewer && (await ctx.attachments.onVisibleProject(viewer, file))) &&
      logVisible(ctx, viewer!, file.dailyLogId),
  },
  reply: {
    who: 'everyone who sees the log the reply belongs to',
    mayOpen: async (ctx, viewer, file) => {
      if (!viewer || !file.replyId || !(await ctx.attachments.onVisibleProject(viewer, file))) return false;
      return logVisible(ctx, viewer, (await ctx.dailyLogs.findReply(file.replyId))?.dailyLogId);
    },
  },
};
