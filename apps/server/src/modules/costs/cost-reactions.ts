import { inventoryRequestMachine } from '@trowel/shared/inventory/inventory-request.machine.ts';
import { invoiceMachine } from '@trowel/shared/invoices/invoice.machine.ts';
import { rfqMachine } from '@trowel/shared/procurement/rfq.machine.ts';
import { purchaseOrderMachine } from '@trowel/shared/purchase-orders/purchase-order.machine.ts';
import { reactionTo } from '../../workflow/workflow-transaction.ts';
import type { WorkflowReaction } from '../../workflow/reaction.ts';
import { reconcileProjectCosts } from './cost-reconcile.ts';
import type { CostSource } from './costs.repository.ts';

/** After a step that changes a figure, the costs of its object's project are reconciled in its transaction. */
const reconcileAfter = <S extends string, A extends string, O>(
  machine: Parameters<typeof reactionTo<S, A, O>>[0],
  actions: readonly A[],
  source: CostSource,
): WorkflowReaction =>
  reactionTo(
    machine,
    async (tx, taken) => {
      await reconcileProjectCosts(tx, taken.actor, await tx.repos.costs.projectOf(source, taken.id));
    },
    // After the order of an approved RFQ is issued by procurement's reaction; only on these steps.
    { last: true, actions },
  );

/**
 * What changes a project's costs: an approved RFQ issues its order (committed), an order cancelled
 * (no longer committed), an invoice approved, paid or rejected, stock released to the project. They
 * run after the step's other reactions. A budget's approval is not among them, so approvals stay one
 * compare-and-set statement each: a category a new budget brings back within is seen at its next change.
 */
export const costReactions: readonly WorkflowReaction[] = [
  reconcileAfter(rfqMachine, ['select_and_approve'], 'rfqs'),
  reconcileAfter(purchaseOrderMachine, ['cancel'], 'purchase_orders'),
  reconcileAfter(invoiceMachine, ['approve', 'pay', 'reject'], 'vendor_invoices'),
  reconcileAfter(inventoryRequestMachine, ['release'], 'inventory_requests'),
];
