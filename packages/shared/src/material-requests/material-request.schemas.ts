import { z } from 'zod';
import { ok, okList } from '../http/envelope.ts';
import { pageQuery } from '../http/pagination.ts';
import { projectChoicesAnswer } from '../projects/project-choice.ts';
import { statusHistoryEntryDto } from '../workflow/history.schemas.ts';
import {
  MATERIAL_REQUEST_STATUSES,
  MATERIAL_REVIEW_STATUSES,
  MATERIAL_STORE_STATUSES,
  type MaterialRequestStatus,
} from './material-request.machine.ts';
import { MATERIAL_REQUEST_PROJECT_PURPOSES } from './material-request.policy.ts';

/** The screen's toast when the project or an item's name or quantity is missing (spec 2 §5). */
export const MATERIAL_REQUEST_INCOMPLETE = {
  title: 'Incomplete Request',
  description: 'Please fill all required fields.',
  /** Every field filled, but a value refused: the toast names it. */
  checkTitle: 'Check the request',
} as const;
export const MATERIAL_REQUEST_MESSAGES = {
  addFailed: 'Failed to add material request',
  updateFailed: 'Failed to update material request',
  /** The spec's 'Edit & Resubmit' shows this while the editor opens. */
  resubmitHint: 'Edit the items or notes and resubmit the request for lead approval.',
} as const;

export const MATERIAL_ITEMS_MAX = 50;
export const MATERIAL_NAME_MAX = 200;
export const MATERIAL_NOTES_MAX = 2000;

const notes = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(MATERIAL_NOTES_MAX, `${field} must be at most ${MATERIAL_NOTES_MAX} characters`);

/** One line of a request: what and how much (a quantity above 0; fractions allowed, e.g. 2.5 tonnes). */
export const materialItemInput = z.object({
  name: z
    .string({ error: 'Each item needs a name' })
    .trim()
    .min(1, 'Each item needs a name')
    .max(MATERIAL_NAME_MAX, `Item names must be at most ${MATERIAL_NAME_MAX} characters`),
  quantity: z
    .number({ error: 'Each item needs a quantity above 0' })
    .positive('Each item needs a quantity above 0')
    .max(1_000_000_000, 'Item quantities must be at most 1,000,000,000'),
});

const items = z
  .array(materialItemInput, { error: 'At least one item is required' })
  .min(1, 'At least one item is required')
  .max(MATERIAL_ITEMS_MAX, `At most ${MATERIAL_ITEMS_MAX} items per request`);

/** POST /material-requests. */
export const createMaterialRequestInput = z.strictObject({
  projectId: z.uuid({ error: 'Project is required' }),
  items,
  notes: notes('Notes').optional().default(''),
});
export type CreateMaterialRequestInput = z.input<typeof createMaterialRequestInput>;

/** The status a requester's edit may name: the resubmission of a request returned to them. */
export const MATERIAL_RESUBMIT_STATUS = 'pending_lead_approval' satisfies MaterialRequestStatus;

const UPDATE_STATUSES = [...MATERIAL_REVIEW_STATUSES, MATERIAL_RESUBMIT_STATUS] as const;

/**
 * PUT /material-requests/{id}: one kind of change at a time — the lead's review (status,
 * leadReviewNotes), the store keeper's answer (storeStatus, storeKeeperNotes), or the requester's
 * edit (items, notes; a returned request goes back to the lead, and the edit may say so with
 * `status: 'pending_lead_approval'`). A full body may carry the request's own `projectId`; the
 * server refuses a different one.
 */
export const updateMaterialRequestInput = z
  .strictObject({
    projectId: z.uuid({ error: 'projectId must be a project id' }).optional(),
    status: z
      .enum(UPDATE_STATUSES, {
        error: `status must be one of ${UPDATE_STATUSES.join(', ')}`,
      })
      .optional(),
    leadReviewNotes: notes('Lead review notes').optional(),
    storeStatus: z
      .enum(MATERIAL_STORE_STATUSES, {
        error: `storeStatus must be one of ${MATERIAL_STORE_STATUSES.join(', ')}`,
      })
      .optional(),
    storeKeeperNotes: notes('Store keeper notes').optional(),
    items: items.optional(),
    notes: notes('Notes').optional(),
  })
  .superRefine((body, issue) => {
    const resubmits = body.status === MATERIAL_RESUBMIT_STATUS;
    const kinds = [
      (body.status !== undefined && !resubmits) || body.leadReviewNotes !== undefined,
      body.storeStatus !== undefined || body.storeKeeperNotes !== undefined,
      body.items !== undefined || body.notes !== undefined || resubmits,
    ].filter(Boolean).length;
    if (kinds === 0) issue.addIssue({ code: 'custom', message: 'Nothing to change' });
    if (kinds > 1)
      issue.addIssue({
        code: 'custom',
        message:
          'Send a review (status), a store answer (storeStatus) or an edit (items, notes), one at a time',
      });
    if (body.leadReviewNotes !== undefined && body.status === undefined)
      issue.addIssue({
        code: 'custom',
        message: 'status is required with leadReviewNotes',
        path: ['status'],
      });
    if (body.storeKeeperNotes !== undefined && body.storeStatus === undefined)
      issue.addIssue({
        code: 'custom',
        message: 'storeStatus is required with storeKeeperNotes',
        path: ['storeStatus'],
      });
  });
export type UpdateMaterialRequestInput = z.input<typeof updateMaterialRequestInput>;

export const listMaterialRequestsQuery = pageQuery(20).extend({
  sortBy: z.enum(['createdAt'], { error: 'sortBy must be createdAt' }).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }).default('desc'),
  projectId: z.uuid({ error: 'projectId must be a project id' }).optional(),
  status: z
    .enum([...MATERIAL_REQUEST_STATUSES, ...MATERIAL_STORE_STATUSES], {
      error: 'status must be a material request status or a store status',
    })
    .optional(),
});
export type ListMaterialRequestsQuery = z.input<typeof listMaterialRequestsQuery>;

export const materialItemDto = z.object({ id: z.string(), name: z.string(), quantity: z.number() });
export type MaterialItem = z.infer<typeof materialItemDto>;

export const materialRequestDto = z.object({
  id: z.string(),
  projectId: z.string(),
  projectTitle: z.string(),
  projectLeadId: z.string().nullable(),
  items: z.array(materialItemDto),
  notes: z.string(),
  leadReviewNotes: z.string().nullable(),
  /** The requester's name. */
  requestedBy: z.string(),
  requestedById: z.string(),
  status: z.enum(MATERIAL_REQUEST_STATUSES),
  storeStatus: z.enum(MATERIAL_STORE_STATUSES).nullable(),
  storeKeeperNotes: z.string().nullable(),
  storeTimestamp: z.string().nullable(),
  timestamp: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MaterialRequestDto = z.infer<typeof materialRequestDto>;

export const materialRequestAnswer = ok({
  materialRequest: materialRequestDto,
  history: z.array(statusHistoryEntryDto),
});
export const materialRequestListAnswer = okList('materialRequests', materialRequestDto);
/** GET /material-requests/projects: the projects to ask materials for, or to filter the requests by. */
export const materialRequestProjectsQuery = z.object({
  purpose: z
    .enum(MATERIAL_REQUEST_PROJECT_PURPOSES, { error: 'purpose must be request or filter' })
    .default('request'),
});
export const materialRequestProjectsAnswer = projectChoicesAnswer;

export type MaterialRequestAnswer = z.output<typeof materialRequestAnswer>;
export type MaterialRequestListAnswer = z.output<typeof materialRequestListAnswer>;
export type MaterialRequestProjectsAnswer = z.output<typeof materialRequestProjectsAnswer>;
