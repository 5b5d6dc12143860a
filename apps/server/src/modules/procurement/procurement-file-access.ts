import { can } from '@trowel/shared/auth/policy.ts';
import type { AuthUser } from '../../http/access.ts';
import type { FileAccessRules, PlatformContext } from '../../platform.ts';

/** The active vendor record of a vendor viewer, or null (staff and others have none). */
async function activeVendorOf(ctx: PlatformContext, viewer: AuthUser) {
  if (!can(viewer, 'vendor:portal')) return null;
  const vendor = await ctx.vendors.findByUserId(viewer.id);
  return vendor?.status === 'active' ? vendor : null;
}

/** RFQ documents, quote files, delivery notes and invoices: the staff who read them, and the vendors they concern. */
export const procurementFileAccess: FileAccessRules = {
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
  delivery: {
    who: 'everyone who sees the purchase order it was delivered against: its readers, the lead of its project, its vendor',
    mayOpen: async (ctx, viewer, file) => {
      if (!viewer || !file.deliveryId) return false;
      const order = await ctx.deliveries.orderOf(file.deliveryId);
      if (!order) return false;
      if (can(viewer, 'purchase-orders:read-all')) return true;
      if (can(viewer, 'projects:lead')) return order.projectLeadId === viewer.id;
      const vendor = await activeVendorOf(ctx, viewer);
      return Boolean(vendor && vendor.id === order.vendorId);
    },
  },
  invoice: {
    who: 'who reads every invoice (accounts and procurement), and the vendor whose invoice it is',
    mayOpen: async (ctx, viewer, file) => {
      if (!viewer || !file.invoiceId) return false;
      const invoice = await ctx.invoices.ofFile(file.invoiceId);
      if (!invoice) return false;
      if (can(viewer, 'invoices:read-all')) return true;
      const vendor = await activeVendorOf(ctx, viewer);
      return Boolean(vendor && vendor.id === invoice.vendorId);
    },
  },
};
