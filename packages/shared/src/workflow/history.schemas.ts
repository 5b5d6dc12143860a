import { z } from 'zod';
import { roleSchema } from '../users/user.schemas.ts';

/** The workflows whose every transition is written to the status history. */
export const WORKFLOW_NAMES = [
  'budget',
  'material_request',
  'inventory_request',
  'rfq',
  'negotiation',
  'change_order',
  'purchase_order',
  'vendor_invoice',
] as const;
export type WorkflowName = (typeof WORKFLOW_NAMES)[number];

/**
 * History rows that are not steps of a machine, the same words in every workflow: the object's
 * creation (its first row, from no status), and changes that keep its status.
 */
export const RECORD_EVENTS = [
  'create',
  'edit',
  'add-documents',
  'remove-document',
  // Sealed bids: one person's confirmation of the opening, and the opening itself.
  'confirm-opening',
  'open-bids',
] as const;
export type RecordEvent = (typeof RECORD_EVENTS)[number];

/** What a history row of a workflow says was done: one of its machine's actions, or a record event. */
export type HistoryAction<A extends string> = A | RecordEvent;

/** One transition of a workflow object, as answers carry its history. */
export const statusHistoryEntryDto = z.object({
  id: z.string(),
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  remarks: z.string().nullable(),
  actor: z.object({ id: z.string(), name: z.string(), role: roleSchema }).nullable(),
  createdAt: z.string(),
});
export type StatusHistoryEntry = z.infer<typeof statusHistoryEntryDto>;
