import { formatNaira } from '@trowel/shared/money/format.ts';
import { rfqMachine } from '@trowel/shared/procurement/rfq.machine.ts';
import { purchaseOrderMachine } from '@trowel/shared/purchase-orders/purchase-order.machine.ts';
import { reactionTo } from '../../../workflow/workflow-transaction.ts';

/**
 * Issues the purchase order of an RFQ approved with a vendor, in the approval's transaction: a
 * sequential number, each item at its agreed price, the total, who approved, its first history row
 * (issued); the vendor (invited and active) is told it was awarded, the order's PDF carried with the
 * notice for WhatsApp. Nothing is issued when the vendor has no complete quote.
 */
export const issuePurchaseOrderOnApproval = reactionTo(rfqMachine, async (tx, taken) => {
  if (taken.action !== 'select_and_approve') return;
  const rfq = await tx.repos.rfqs.lock(taken.id);
  const vendorId = rfq?.selectedVendorId;
  if (!rfq || !vendorId) return;
  const invited = await tx.repos.rfqs.invitations(rfq.id);
  const winner = invited.find(({ vendor }) => vendor.id === vendorId && vendor.status === 'active');
  if (!winner) return;
  const order = await tx.repos.purchaseOrders.createForApprovedRfq({
    rfqId: rfq.id,
    vendorId,
    approvedBy: taken.actor.id,
  });
  if (!order) return;
  await tx.create({ machine: purchaseOrderMachine, id: order.id, status: 'issued', actor: taken.actor });
  await tx.notify(taken.actor, [
    {
      type: 'rfq',
      title: `Purchase order ${order.poNumber} awarded`,
      message: `You were awarded "${rfq.title}": purchase order ${order.poNumber} for ${formatNaira(order.totalAmount)}.`,
      link: `/purchase-orders/${order.id}`,
      projectId: rfq.projectId,
      recipientUsers: [winner.vendor.userId],
      document: { kind: 'purchase-order', id: order.id },
    },
  ]);
});
