import { canSeeFeedItem } from '@trowel/shared/auth/scope.ts';
import type { FileAccessRules } from '../../platform.ts';

/** Task files: on the task's project, to its client only when shared with them. */
export const taskFileAccess: FileAccessRules = {
  task: {
    who: 'everyone who sees the task’s project; its client only when the file is client visible',
    mayOpen: async (ctx, viewer, file) =>
      Boolean(viewer && canSeeFeedItem(viewer, file)) &&
      (await ctx.attachments.onVisibleProject(viewer!, file)),
  },
};
