import { defineMachine } from '../workflow/machine.ts';

/** A change order (a variation of the contract) from its draft to the client's answer. */
export const CHANGE_ORDER_STATUSES = [
  'draft',
  'sent_to_client',
  'approved',
  'declined',
  'withdrawn',
] as const;
export type ChangeOrderStatus = (typeof CHANGE_ORDER_STATUSES)[number];

/** The staff who draft, send and withdraw change orders (a project lead on the projects they lead). */
const DRAFTERS = ['admin', 'project_manager', 'project_lead', 'quantity_surveyor'] as const;

/**
 * The change-order workflow: staff draft and send it to the project's client, who approves or
 * declines it; staff may withdraw it until the client answers. Nothing leaves an answer.
 */
export const changeOrderMachine = defineMachine({
  name: 'change_order',
  states: CHANGE_ORDER_STATUSES,
  rules: {
    send: { from: ['draft'], to: 'sent_to_client', roles: DRAFTERS },
    approve: { from: ['sent_to_client'], to: 'approved', roles: ['client'] },
    decline: { from: ['sent_to_client'], to: 'declined', roles: ['client'] },
    withdraw: { from: ['draft', 'sent_to_client'], to: 'withdrawn', roles: DRAFTERS },
  },
});
export type ChangeOrderAction = (typeof changeOrderMachine.actions)[number];

/** The calls of the steps, in the order a screen offers them. */
export const CHANGE_ORDER_ACTIONS = changeOrderMachine.actions;

/** Screen labels of the statuses. */
export const CHANGE_ORDER_STATUS_LABELS = {
  draft: 'Draft',
  sent_to_client: 'Awaiting client',
  approved: 'Approved',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
} as const satisfies Record<ChangeOrderStatus, string>;

/** Screen labels of the steps. */
export const CHANGE_ORDER_ACTION_LABELS = {
  send: 'Send to client',
  approve: 'Approve',
  decline: 'Decline',
  withdraw: 'Withdraw',
} as const satisfies Record<ChangeOrderAction, string>;

/** What the history says of each step and record. */
export const CHANGE_ORDER_HISTORY_LABELS: Readonly<Record<string, string>> = {
  create: 'Drafted',
  edit: 'Edited',
  'add-documents': 'Documents added',
  send: 'Sent to client',
  approve: 'Approved by client',
  decline: 'Declined by client',
  withdraw: 'Withdrawn',
};

/** Whether a change order's figures count in the project's value. */
export const countsInProjectValue = (status: ChangeOrderStatus) => status === 'approved';
