import { canSeeChangeOrder } from '@trowel/shared/change-orders/change-order.policy.ts';
import type { FileAccessRules } from '../../platform.ts';

/** A change order's attachments: whoever sees the change order. */
export const changeOrderFileAccess: FileAccessRules = {
  change_order: {
    who: 'everyone who sees the change order: its project’s staff for change orders, the client once it was sent',
    mayOpen: async (ctx, viewer, file) => {
      const order = viewer && file.changeOrderId ? await ctx.changeOrders.find(file.changeOrderId) : null;
      return Boolean(viewer && order && canSeeChangeOrder(viewer, order, order));
    },
  },
};
