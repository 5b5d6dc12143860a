import { STAFF_ROLES, type Role } from './roles.ts';

const PROCUREMENT = ['admin', 'quantity_surveyor'] as const satisfies readonly Role[];
const PEOPLE_ADMINS = ['admin', 'project_manager'] as const satisfies readonly Role[];

/**
 * Who may do what, by role alone: the one source of every role rule. The server's routes declare
 * these abilities as their access, the web app's route table and navigation are built from them, and
 * object-level rules (lead of this project, author of this log) are checked on top of them.
 */
export const ROLE_ABILITIES = {
  // People
  /** Read people: lookups for pickers and the admin lists. */
  'users:read': STAFF_ROLES,
  /** Create, edit and delete staff and client accounts (staff and client administration). */
  'users:manage': PEOPLE_ADMINS,
  /** Create, edit or delete an administrator account, or give someone the admin role. */
  'users:manage-admins': ['admin'],

  // Projects
  /** See every project of the company, with its logs and media. */
  'projects:read-all': STAFF_ROLES,
  /** See the projects whose client one is, with their client-visible logs and media. */
  'projects:read-own': ['client'],
  'projects:create': ['admin', 'project_manager', 'architect'],
  /** Edit any project and its phases. */
  'projects:edit-any': ['admin', 'project_manager', 'quantity_surveyor', 'accountant'],
  /** May lead a project; the lead edits that project, its phases and its tasks. */
  'projects:lead': ['project_lead', 'architect'],
  'projects:delete': ['admin', 'project_manager'],
  /** Full task edit on any project: label, name, assignee, dates, add and delete. */
  'tasks:edit-any': ['admin', 'quantity_surveyor'],
  /** Internal costs (budget, spent, utilisation); clients see a project's value instead, vendors nothing. */
  'costs:read-internal': STAFF_ROLES,
  'dashboard:quick-actions': ['admin', 'project_manager', 'architect'],

  // Daily logs and media
  /** Write daily logs (everyone of the company; clients only read and reply). */
  'logs:write': STAFF_ROLES,
  'media:upload': STAFF_ROLES,
  /** Delete any project media item (its uploader may always delete their own). */
  'media:delete-any': ['admin', 'project_manager'],

  // Budgets and financials
  /** Open a project's budgets (project_manager reads only). */
  'budgets:read': [
    'admin',
    'project_manager',
    'accountant',
    'project_lead',
    'architect',
    'quantity_surveyor',
  ],
  /** Create a budget: leads and architects for projects they lead, the others for any project. */
  'budgets:create': ['project_lead', 'architect', 'accountant', 'quantity_surveyor', 'admin'],
  /** Open a project's financials (the route; project_manager reads only). */
  'financials:read': ['admin', 'project_manager', 'accountant', 'quantity_surveyor'],
  'financials:manage': ['admin', 'accountant', 'quantity_surveyor'],
  /**
   * A project's costs against its budget (committed, received, invoiced, paid, stock issued): those who
   * read its budgets, a lead only on the projects they lead.
   */
  'costs:read': ['admin', 'project_manager', 'accountant', 'project_lead', 'architect', 'quantity_surveyor'],
  /** The company's costs, project by project (the dashboard's view). */
  'costs:read-company': ['admin', 'accountant'],

  // Change orders (variations of the contract, issue 25)
  /** Read every project's change orders (drafts and internal notes included). */
  'change-orders:read-all': ['admin', 'project_manager', 'quantity_surveyor', 'accountant'],
  /** Draft, edit, send and withdraw change orders: a project lead on the projects they lead only. */
  'change-orders:draft': ['admin', 'project_manager', 'project_lead', 'quantity_surveyor'],
  /** Approve or decline the change orders sent on one's own projects. */
  'change-orders:answer': ['client'],

  // Stores
  'material-requests:access': ['project_lead', 'team_member', 'store_keeper', 'admin', 'project_manager'],
  'material-requests:create': ['team_member', 'project_lead'],
  /** See every material request (project leads see their projects', team members their own). */
  'material-requests:read-all': ['admin', 'store_keeper', 'project_manager'],
  /** Review a request as the lead of its project. */
  'material-requests:review': ['project_lead'],
  'material-requests:store-update': ['store_keeper'],
  /** Delete any material request (its requester may while it awaits the lead). */
  'material-requests:delete-any': ['admin'],
  'inventory:access': ['admin', 'project_manager', 'project_lead', 'store_keeper', 'team_member'],
  'inventory:manage': ['admin', 'project_manager', 'store_keeper'],
  'inventory:delete': ['admin', 'project_manager'],
  'inventory:request': ['project_lead', 'team_member'],
  'inventory:approve-store': ['store_keeper'],
  'inventory:approve-admin': ['admin', 'project_manager'],
  /** Request stock for any project (others only for projects listing them as a team member). */
  'inventory:request-any-project': ['admin', 'project_manager', 'project_lead', 'architect'],
  /** See every inventory request (project leads see theirs and their projects', team members their own). */
  'inventory:read-all-requests': ['admin', 'project_manager', 'store_keeper'],

  // Procurement and the vendor portal
  /** Vendors, RFQs, quotes and negotiations on the company's side. */
  'procurement:access': PROCUREMENT,
  'vendors:delete': ['admin'],
  /** The vendor's own area: RFQs sent to them, their quotes, their profile. */
  'vendor:portal': ['vendor'],
  /**
   * Purchase orders: procurement staff, the accountant and the store keeper read them all, a project's
   * lead those of the projects they lead, a vendor those awarded to them.
   */
  'purchase-orders:read': [
    ...PROCUREMENT,
    'accountant',
    'store_keeper',
    'project_lead',
    'architect',
    'vendor',
  ],
  /** Every purchase order of the company (the others above see theirs only). */
  'purchase-orders:read-all': [...PROCUREMENT, 'accountant', 'store_keeper'],
  /** Record goods received against an order: the stores, the administrator, the lead of its project. */
  'deliveries:record': ['admin', 'store_keeper', 'project_lead', 'architect'],
  /** Cancel an order nothing was received on. */
  'purchase-orders:cancel': ['admin'],
  /** Vendors' invoices: the accounts and procurement read them all, a vendor reads their own. */
  'invoices:read': ['admin', 'accountant', 'quantity_surveyor', 'vendor'],
  'invoices:read-all': ['admin', 'accountant', 'quantity_surveyor'],
  /** Record an invoice against an order, approve or reject it, record its payments. */
  'invoices:manage': ['admin', 'accountant'],

  // Testimonials and settings
  'testimonials:create': ['client'],
  'testimonials:read-all': ['admin'],
  /** Workflow, vendor auto-login and email integration settings. */
  'settings:admin': ['admin'],
  /** Follow anyone's background work (the status of an upload someone else started). */
  'processing:read-any': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Ability = keyof typeof ROLE_ABILITIES;

export const ABILITIES = Object.keys(ROLE_ABILITIES) as Ability[];

export interface Actor {
  id: string;
  role: Role;
}

/** True when a user of this role may perform the ability. */
export function can(actor: Pick<Actor, 'role'> | null | undefined, ability: Ability): boolean {
  if (!actor) return false;
  return (ROLE_ABILITIES[ability] as readonly Role[]).includes(actor.role);
}

/** The roles allowed an ability. */
export function rolesFor(ability: Ability): readonly Role[] {
  return ROLE_ABILITIES[ability];
}

export function isAbility(value: unknown): value is Ability {
  return typeof value === 'string' && Object.hasOwn(ROLE_ABILITIES, value);
}

/**
 * Whether the actor may edit another user's account (staff and client administration).
 * Administrators' accounts, and the admin role itself, are managed by administrators only.
 */
export function canManageUser(
  actor: Pick<Actor, 'role'>,
  target: { role: Role },
  newRole?: Role | undefined,
): boolean {
  if (!can(actor, 'users:manage')) return false;
  // A vendor's account is managed with its company, under Vendors, never as a person.
  if (target.role === 'vendor') return false;
  if (target.role === 'admin' || newRole === 'admin') return can(actor, 'users:manage-admins');
  return true;
}

/**
 * Whether vendors' accounts (their names, emails and phones) show among people to the actor: only to
 * those who may see vendors. To anyone else a vendor's account is not there (404, left out of lists).
 */
export function seesVendorAccounts(actor: Pick<Actor, 'role'>): boolean {
  return can(actor, 'procurement:access');
}
