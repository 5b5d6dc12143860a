import { canSeeMedia } from '@trowel/shared/media/media.policy.ts';
import type { FileAccessRules } from '../../platform.ts';

/** Project media: staff, and the project's client when shared with them. */
export const mediaFileAccess: FileAccessRules = {
  media: {
    who: 'staff, and the project’s client when the file is client visible',
    mayOpen: async (ctx, viewer, file) =>
      Boolean(viewer && canSeeMedia(viewer, file)) && (await ctx.attachments.onVisibleProject(viewer!, file)),
  },
};
