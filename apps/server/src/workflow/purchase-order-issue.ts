import { formatNaira } from '@trowel/shared/money/format.ts';
import type { Repositories } from '../context.ts';

/**
 * Issues the purchase order of an RFQ approved with a vendor, inside the approval's transaction: a
 * sequential number, each item at its agreed price, the total, who approved; the vendor is told
 * it was awarded. Answers null when the vendor has no complete quote (nothing to order).
 */
export async function issuePurchaseOrder(
  repos: Repositories,
  input: {
    rfqId: string;
    rfqTitle: string;
    projectId: string | null;
    vendorId: string;
    vendorUserId: string;
    approvedBy: string;
  },
) {
  const order = await repos.purchaseOrders.createForApprovedRfq(input);
  if (!order) return null;
  await repos.notifications.create({
    type: 'rfq',
    title: `Purchase order ${order.poNumber} awarded`,
    message: `You were awarded "${input.rfqTitle}": purchase order ${order.poNumber} for ${formatNaira(order.totalAmount)}.`,
    link: `/purchase-orders/${order.id}`,
    projectId: input.projectId,
    recipientUsers: [input.vendorUserId],
  });
  return order;
}
