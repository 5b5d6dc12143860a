import type { FileKind } from '@trowel/shared/files/attachment.schemas.ts';
import { FILE_VARIANTS, type FileVariantName } from '@trowel/shared/files/attachment.schemas.ts';
import { canSeeLog } from '@trowel/shared/daily-logs/daily-log.policy.ts';
import { canSeeMedia } from '@trowel/shared/media/media.policy.ts';
import { can } from '@trowel/shared/auth/policy.ts';
import { canSeeFeedItem } from '@trowel/shared/auth/scope.ts';
import { canSeeBudget } from '@trowel/shared/budgets/budget.policy.ts';
import { canSeeChangeOrder } from '@trowel/shared/change-orders/change-order.policy.ts';
import type { FastifyReply } from 'fastify';
import type { PlatformContext as AppContext } from '../platform.ts';
import type { AttachmentRow } from '../db/schema/files.ts';
import type { AuthUser } from '../http/access.ts';
import { AppError, notFound } from '../http/app-error.ts';
import { attachmentScope } from './attachment-dto.ts';
import { verifyFileToken } from './file-token.ts';
import { sendStoredFile } from './send-file.ts';

/** A profile picture: stored under a random name per upload, below its owner. */
export interface AvatarFile {
  userId: string;
  file: string;
}

type Subject<K extends FileKind> = K extends 'avatar' ? AvatarFile : AttachmentRow;

interface FileAccessRule<K extends FileKind> {
  /** Who may open a file of this kind, in words (for the docs and the reviewer). */
  who: string;
  mayOpen(ctx: AppContext, viewer: AuthUser | null, file: Subject<K>): Promise<boolean>;
}

/** One access rule per kind of file; a kind without one does not type-check, and nothing is allowed by default. */
export type FileAccessRules = { [K in FileKind]: FileAccessRule<K> };

async function projectVisible(ctx: AppContext, viewer: AuthUser | null, file: AttachmentRow) {
  return Boolean(viewer && file.projectId && (await ctx.projects.findVisible(viewer, file.projectId)));
}

/** The active vendor record of a vendor viewer, or null (staff and others have none). */
async function activeVendorOf(ctx: AppContext, viewer: AuthUser) {
  if (!can(viewer, 'vendor:portal')) return null;
  const vendor = await ctx.vendors.findByUserId(viewer.id);
  return vendor?.status === 'active' ? vendor : null;
}

async function logVisible(ctx: AppContext, viewer: AuthUser | null, logId: string | null | undefined) {
  const log = logId ? await ctx.dailyLogs.find(logId) : null;
  return Boolean(viewer && log && canSeeLog(viewer, log));
}

export const FILE_ACCESS = {
  task: {
    who: 'everyone who sees the task’s project; its client only when the file is client visible',
    mayOpen: async (ctx, viewer, file) =>
      Boolean(viewer && canSeeFeedItem(viewer, file)) && (await projectVisible(ctx, viewer, file)),
  },
  log: {
    who: 'everyone who sees the log: staff, and the project’s client when the log is client visible',
    mayOpen: async (ctx, viewer, file) =>
      (await projectVisible(ctx, viewer, file)) && logVisible(ctx, viewer, file.dailyLogId),
  },
  reply: {
    who: 'everyone who sees the log the reply belongs to',
    mayOpen: async (ctx, viewer, file) => {
      if (!file.replyId || !(await projectVisible(ctx, viewer, file))) return false;
      return logVisible(ctx, viewer, (await ctx.dailyLogs.findReply(file.replyId))?.dailyLogId);
    },
  },
  media: {
    who: 'staff, and the project’s client when the file is client visible',
    mayOpen: async (ctx, viewer, file) =>
      Boolean(viewer && canSeeMedia(viewer, file)) && projectVisible(ctx, viewer, file),
  },
  rfq: {
    who: 'procurement staff, and the vendors the RFQ was sent to',
    mayOpen: async (ctx, viewer, file) => {
      if (!viewer || !file.rfqId) return false;
      if (can(viewer, 'procurement:access')) return true;
      const vendor = await activeVendorOf(ctx, viewer);
      return Boolean(vendor && (await ctx.rfqs.visibleToVendor(file.rfqId, vendor.id)));
    },
  },
  quote: {
    who: 'procurement staff, and the vendor whose quote it is',
    mayOpen: async (ctx, viewer, file) => {
      if (!viewer || !file.vendorResponseId) return false;
      if (can(viewer, 'procurement:access')) return true;
      const vendor = await activeVendorOf(ctx, viewer);
      const owner = vendor ? await ctx.rfqs.responseVendor(file.vendorResponseId) : null;
      return Boolean(vendor && owner && owner.vendorId === vendor.id);
    },
  },
  budget: {
    who: 'everyone who sees the budget: its readers, the lead of its project, a draft only its author and the administrator',
    mayOpen: async (ctx, viewer, file) => {
      const budget = viewer && file.budgetId ? await ctx.budgets.find(file.budgetId) : null;
      return Boolean(viewer && budget && canSeeBudget(viewer, budget, budget));
    },
  },
  change_order: {
    who: 'everyone who sees the change order: its project’s staff for change orders, the client once it was sent',
    mayOpen: async (ctx, viewer, file) => {
      const order = viewer && file.changeOrderId ? await ctx.changeOrders.find(file.changeOrderId) : null;
      return Boolean(viewer && order && canSeeChangeOrder(viewer, order, order));
    },
  },
  avatar: {
    who: 'anyone with the link, like any profile picture: the name is random per upload and unguessable',
    mayOpen: async () => true,
  },
} satisfies FileAccessRules;

/**
 * A file token opens its one file; otherwise the viewer must be allowed to open it by the rule of its
 * kind. Answers 401 with neither a token nor a session, 404 for what does not exist or is not visible.
 */
export async function authorizeFile(
  ctx: AppContext,
  viewer: AuthUser | null,
  token: string | undefined,
  attachment: AttachmentRow | null,
): Promise<AttachmentRow> {
  if (token && attachment && verifyFileToken(ctx.config.appSecret!, attachmentScope(attachment.id), token)) {
    return attachment;
  }
  if (!viewer) throw new AppError('UNAUTHORIZED', 'Authentication required');
  if (!attachment || !(await FILE_ACCESS[attachment.kind].mayOpen(ctx, viewer, attachment))) {
    throw notFound('Attachment');
  }
  return attachment;
}

/** Streams the file, or one of its variants (`?variant=thumbnail_webp`), once it is ready. */
export function sendAttachment(
  ctx: AppContext,
  reply: FastifyReply,
  attachment: AttachmentRow,
  variant: FileVariantName | undefined,
  disposition: 'inline' | 'attachment',
) {
  if (!variant) return sendStoredFile(ctx.storage, reply, attachment, disposition);
  const key = attachment.status === 'ready' ? attachment.variants?.[variant] : undefined;
  const type = FILE_VARIANTS[variant];
  if (!key || !type) throw notFound('Variant');
  const stem = attachment.originalName.replace(/\.[^.]*$/, '');
  return sendStoredFile(
    ctx.storage,
    reply,
    { storageKey: key, mimeType: type.mime, originalName: `${stem}-${variant}.${type.extension}` },
    disposition,
  );
}
