import { ROLES, type Role } from '@trowel/shared/auth/roles.ts';
import { createBudgetFields, updateBudgetFields } from '@trowel/shared/budgets/budget.schemas.ts';
import {
  createChangeOrderFields,
  updateChangeOrderFields,
} from '@trowel/shared/change-orders/change-order.schemas.ts';
import { createDailyLogFields, createReplyFields } from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import { uploadMediaFields } from '@trowel/shared/media/media.schemas.ts';
import { createRfqFields, vendorResponseFields } from '@trowel/shared/procurement/rfq.schemas.ts';
import { createDeliveryFields } from '@trowel/shared/purchase-orders/delivery.schemas.ts';
import { createInvoiceFields } from '@trowel/shared/invoices/invoice.schemas.ts';
import { z } from 'zod';
import { EXPECTED_ACCESS } from '../expected-access.ts';
import type { ApiRoute } from '../route-list.ts';
import type { Actor, FuzzWorld } from './fuzz-world.ts';
import { inputSchema, type JsonSchema } from './schema-arbitrary.ts';

/** How a route reads its body. */
export type BodyPlan =
  | { kind: 'json'; schema: JsonSchema }
  /** Text fields of a form (multipart), from the shared schema the route parses them with. */
  | { kind: 'form'; schema: JsonSchema; acceptsJson: boolean; fileField: string }
  /** A write route that reads no body: it is sent one anyway. */
  | { kind: 'none' };

export interface RoutePlan {
  route: ApiRoute;
  /** Who sends a write: the role whose turn it is. */
  actor: Actor;
  /** Who may send a read: each of those who may call it, so every scope's statements are fuzzed. */
  readers: readonly Actor[];
  /** The path with the ids of things that exist. */
  path: string;
  query: JsonSchema | undefined;
  body: BodyPlan | null;
}

/** Routes that read a multipart form: the shared schema of their text fields and their file field. */
const FORMS: Record<string, { fields: z.ZodType; acceptsJson: boolean; fileField: string }> = {
  'POST /api/daily-logs': { fields: createDailyLogFields, acceptsJson: true, fileField: 'files' },
  'POST /api/daily-logs/{id}/replies': { fields: createReplyFields, acceptsJson: true, fileField: 'files' },
  'POST /api/budgets': { fields: createBudgetFields, acceptsJson: true, fileField: 'files' },
  'PUT /api/budgets/{id}': { fields: updateBudgetFields, acceptsJson: true, fileField: 'files' },
  'POST /api/budgets/{id}/attachments': { fields: z.object({}), acceptsJson: false, fileField: 'files' },
  'POST /api/projects/{id}/change-orders': {
    fields: createChangeOrderFields,
    acceptsJson: true,
    fileField: 'files',
  },
  'PUT /api/change-orders/{id}': { fields: updateChangeOrderFields, acceptsJson: true, fileField: 'files' },
  'POST /api/media/upload': { fields: uploadMediaFields, acceptsJson: false, fileField: 'file' },
  'POST /api/media/upload-optimized': { fields: uploadMediaFields, acceptsJson: false, fileField: 'file' },
  'POST /api/media/upload-processing': { fields: uploadMediaFields, acceptsJson: false, fileField: 'file' },
  'POST /api/media/upload-batch': { fields: uploadMediaFields, acceptsJson: false, fileField: 'files' },
  'POST /api/rfqs': { fields: createRfqFields, acceptsJson: true, fileField: 'attachments' },
  'POST /api/purchase-orders/{id}/invoices': {
    fields: createInvoiceFields,
    acceptsJson: true,
    fileField: 'files',
  },
  'POST /api/purchase-orders/{id}/deliveries': {
    fields: createDeliveryFields,
    acceptsJson: true,
    fileField: 'files',
  },
  'POST /api/rfqs/{id}/responses': {
    fields: vendorResponseFields,
    acceptsJson: true,
    fileField: 'attachments',
  },
  'POST /api/projects/{id}/phases/{phaseId}/tasks/{taskId}/attachments': {
    fields: z.object({}),
    acceptsJson: false,
    fileField: 'attachments',
  },
  'POST /api/users/{id}/avatar': { fields: z.object({}), acceptsJson: false, fileField: 'avatar' },
};

/**
 * Routes left out: the API description (not the product's input), deletions (the fuzz sends real
 * ids, and a deletion takes no input to fuzz) and sign-out (it would end the session the fuzz acts with).
 */
function fuzzed(route: ApiRoute): boolean {
  return (
    !route.path.startsWith('/api/docs') && route.method !== 'DELETE' && route.key !== 'POST /api/auth/logout'
  );
}

/** Who sends a route's requests when the first role the table allows is not the one whose turn it is. */
const ACTOR: Record<string, Actor> = {
  'PUT /api/material-requests/{id}': 'project_lead',
  'PUT /api/inventory/requests/{id}': 'store_keeper',
  'POST /api/budgets/{id}/resubmit': 'project_lead',
  'PUT /api/notifications/{id}/read': 'vendor',
};
const PREFERENCE: readonly Role[] = [
  'admin',
  'quantity_surveyor',
  'accountant',
  'project_lead',
  'store_keeper',
  'client',
  'vendor',
  ...ROLES,
];

function actorFor(route: ApiRoute): Actor {
  const chosen = ACTOR[route.key];
  if (chosen) return chosen;
  const access = EXPECTED_ACCESS[route.key]!;
  if (access === 'public' || access === 'signed-webhook') return 'anonymous';
  if (access === 'signed-in') return 'admin';
  return PREFERENCE.find((role) => access.includes(role)) ?? 'admin';
}

function readersOf(route: ApiRoute): readonly Actor[] {
  const access = EXPECTED_ACCESS[route.key]!;
  if (access === 'public' || access === 'signed-webhook') return ['anonymous', ...ROLES];
  if (access === 'signed-in') return ROLES;
  return access.length > 0 ? access : [actorFor(route)];
}

/** Budgets in the state each step starts from. */
const BUDGET_FOR_STEP: Record<string, string> = {
  'qs-approve-to-accountant': 'pending_qs',
  'qs-return-to-lead': 'pending_qs',
  'qs-reject': 'pending_qs',
  'push-to-admin': 'pending_accountant',
  'return-to-lead': 'pending_accountant',
  reject: 'pending_accountant',
  approve: 'pending_admin',
  'return-to-lead-qs': 'pending_admin',
  resubmit: 'revision_needed',
};

/** The id each path parameter names: something that exists and that the route's actor may act on. */
function pathWithIds(route: ApiRoute, ids: FuzzWorld['ids']): string {
  const path = route.path;
  const idFor = (param: string): string => {
    switch (param) {
      case 'phaseId':
        return ids.phase!;
      case 'taskId':
        return ids.task!;
      case 'replyId':
        return ids.reply!;
      case 'negotiationId':
        return ids.negotiation!;
      case 'userId':
        return ids.person!;
      case 'file':
        return `${ids.unknown}.webp`;
      case 'id':
        break;
      default:
        return ids.unknown!;
    }
    const step = /^\/api\/budgets\/\{id\}\/([a-z-]+)$/.exec(path)?.[1];
    if (step && BUDGET_FOR_STEP[step]) return ids[`budget.${BUDGET_FOR_STEP[step]}`]!;
    const byPrefix: Array<[string, string]> = [
      // Nobody may change another's avatar (the matrix's row): the administrator sends their own.
      ['/api/users/{id}/avatar', 'admin'],
      ['/api/users/', 'editPerson'],
      ['/api/projects/{id}/phases', 'editProject'],
      ['/api/projects/{id}/financials', 'editProject'],
      ['/api/projects/', 'editProject'],
      ['/api/daily-logs/project/', 'project'],
      ['/api/budgets/project/', 'project'],
      ['/api/media/project/', 'project'],
      ['/api/daily-logs/', 'log'],
      ['/api/budgets/', 'budget.pending_accountant'],
      ['/api/change-orders/', 'changeOrder'],
      ['/api/notifications/', 'notification'],
      ['/api/vendors/', 'otherVendor'],
      ['/api/rfqs/attachments/', 'unknown'],
      ['/api/rfqs/', 'rfq'],
      ['/api/purchase-orders/', 'purchaseOrder'],
      ['/api/invoices/', 'invoice'],
      ['/api/material-requests/', 'materialRequest'],
      ['/api/inventory/requests/', 'inventoryRequest'],
      ['/api/inventory/', 'inventoryItem'],
    ];
    const name = byPrefix.find(([prefix]) => path.startsWith(prefix))?.[1] ?? 'unknown';
    return ids[name]!;
  };
  return path.replace(/\{([A-Za-z]+)\}/g, (_match, param: string) => idFor(param));
}

function bodyPlan(route: ApiRoute): BodyPlan | null {
  const form = FORMS[route.key];
  if (form) {
    return {
      kind: 'form',
      schema: inputSchema(form.fields, true),
      acceptsJson: form.acceptsJson,
      fileField: form.fileField,
    };
  }
  if (route.schema.body) return { kind: 'json', schema: inputSchema(route.schema.body) };
  return route.method === 'GET' ? null : { kind: 'none' };
}

/** What the fuzz sends to each route it fuzzes, and as whom. */
export function routePlans(world: FuzzWorld): RoutePlan[] {
  return world.routes
    .filter(fuzzed)
    .sort((a, b) => a.key.localeCompare(b.key))
    .map((route) => ({
      route,
      actor: actorFor(route),
      readers: route.method === 'GET' ? readersOf(route) : [actorFor(route)],
      path: pathWithIds(route, world.ids),
      query: route.schema.querystring ? inputSchema(route.schema.querystring) : undefined,
      body: bodyPlan(route),
    }));
}
