import { can } from '@trowel/shared/auth/policy.ts';
import type { AuthUser } from '../../http/access.ts';
import type { FileAccessRules, PlatformContext } from '../../platform.ts';

/** The active vendor record of a vendor viewer, or null (staff and others have none). */
async function activeVendorOf(ctx: PlatformContext, viewer: AuthUser) {
  if (!can(viewer, 'vendor:portal')) return null;
  const vendor = await ctx.vendors.findByUserId(viewer.id);
  return vendor?.status === 'active' ? vendor : null;
}

/** RFQ documents and quote files: procurement staff, and the vendors they concern. */
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
};
