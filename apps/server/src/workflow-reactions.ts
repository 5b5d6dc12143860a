import { withdrawOffersLeavingNegotiation } from './modules/negotiations/negotiation-withdrawal.ts';
import { issuePurchaseOrderOnApproval } from './modules/purchase-orders/purchase-order-issue.ts';
import type { WorkflowReaction } from './workflow/reaction.ts';

/** Each module's reactions to the steps of other workflows, run by the workflow engine in the step's transaction. */
export const WORKFLOW_REACTIONS: readonly WorkflowReaction[] = [
  withdrawOffersLeavingNegotiation,
  issuePurchaseOrderOnApproval,
];
