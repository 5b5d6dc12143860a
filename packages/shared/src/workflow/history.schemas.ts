import { z } from 'zod';
import { roleSchema } from '../users/user.schemas.ts';

/** The workflows whose every transition is written to the status history. */
export const WORKFLOW_NAMES = [
  'budget',
  'material_request',
  'inventory_request',
  'rfq',
  'negotiation',
] as const;
export type WorkflowName = (typeof WORKFLOW_NAMES)[number];

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
