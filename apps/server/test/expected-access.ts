import { STAFF_ROLES, type Role } from '@trowel/shared/auth/roles.ts';

/**
 * Who gets past access on each API route, written out by hand from the spec (spec 1 §6, spec 2 §6,
 * spec 3 §6 and the call lists of §7) and the decisions since (docs/decisions.md) — never computed from
 * the policy, so a change to the policy or to a route's declared access that moves a cell shows up
 * here as a failing cell of the role matrix (test/role-matrix.test.ts).
 *
 * - 'public': anyone, without a session (a session, when sent, is fine too).
 * - 'signed-in': any signed-in person, whatever the role; without a session, 401.
 * - 'signed-webhook': a provider's callback, signed by it: refused (401 or 403) to everyone who cannot sign,
 *   whatever their session.
 * - a list of roles: those get past access; the other roles get 403; without a session, 401.
 *
 * Getting past access means any answer but 401 and 403: the matrix asks with ids that match nothing
 * and bodies that are empty, so 404 and 400 are the usual answers of a role that may call a route.
 * Routes whose check is about the object (the lead of this project, the author of this log, the
 * vendor an RFQ was sent to) therefore read 'signed-in' here when every role reaches that check: for
 * an object that does not exist, everyone is told 404, whoever they are.
 */
export type ExpectedAccess = 'public' | 'signed-in' | 'signed-webhook' | readonly Role[];

const STAFF: readonly Role[] = STAFF_ROLES;
const ADMIN: readonly Role[] = ['admin'];
const PEOPLE_MANAGERS: readonly Role[] = ['admin', 'project_manager'];
/** Vendors, RFQs, quotes, negotiations (spec 3 §6). */
const PROCUREMENT: readonly Role[] = ['admin', 'quantity_surveyor'];
const VENDOR: readonly Role[] = ['vendor'];
/** Purchase orders (issue 25): procurement, the accountant, the stores, project leads (theirs), the vendor (theirs). */
const PURCHASE_ORDER_READERS: readonly Role[] = [
  'admin',
  'quantity_surveyor',
  'accountant',
  'store_keeper',
  'project_lead',
  'architect',
  'vendor',
];
/** Vendors' invoices (issue 25): the accounts record, decide and pay; procurement reads; a vendor theirs. */
const ACCOUNTS: readonly Role[] = ['admin', 'accountant'];
const INVOICE_READERS: readonly Role[] = ['admin', 'accountant', 'quantity_surveyor', 'vendor'];
/** A project's costs against its budget (issue 25): who reads its budgets. */
const COST_READERS: readonly Role[] = [
  'admin',
  'project_manager',
  'accountant',
  'project_lead',
  'architect',
  'quantity_surveyor',
];
/** Who records goods received against an order (issue 25, docs/decisions.md). */
const RECEIVERS: readonly Role[] = ['admin', 'store_keeper', 'project_lead', 'architect'];
const CLIENT: readonly Role[] = ['client'];
const BUDGET_CREATORS: readonly Role[] = [
  'admin',
  'project_lead',
  'architect',
  'quantity_surveyor',
  'accountant',
];
/** Budgets: the overview (spec 2 §6: project managers view only). */
const BUDGET_READERS: readonly Role[] = [...BUDGET_CREATORS, 'project_manager'];
/** Stores: who sees material requests and inventory (spec 2 §2). */
const STORES: readonly Role[] = ['admin', 'project_manager', 'project_lead', 'store_keeper', 'team_member'];
const STORE_MANAGERS: readonly Role[] = ['admin', 'project_manager', 'store_keeper'];
const SITE_REQUESTERS: readonly Role[] = ['project_lead', 'team_member'];
/** Change orders: drafted by these (a project lead on their own projects). */
const CHANGE_ORDER_DRAFTERS: readonly Role[] = [
  'admin',
  'project_manager',
  'project_lead',
  'quantity_surveyor',
];
/** Change orders read: the drafters, the accountant, the project's client; a vendor reaches the 404. */
const CHANGE_ORDER_READERS: readonly Role[] = [...CHANGE_ORDER_DRAFTERS, 'accountant', 'client', 'vendor'];

export const EXPECTED_ACCESS: Record<string, ExpectedAccess> = {
  // System and the API description (docs/decisions.md: the description and avatars answer without sign-in).
  'GET /api/health': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',

  // Sign-in and one's own account.
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'signed-in',
  'GET /api/auth/me': 'signed-in',
  'POST /api/auth/change-password': 'signed-in',
  'GET /api/auth/security-settings': 'signed-in',
  'PUT /api/auth/security-settings': 'signed-in',
  'POST /api/auth/set-password': 'public',
  'POST /api/auto-login/generate': PROCUREMENT,
  'POST /api/auto-login/validate': 'public',

  // People (spec 2 §6: staff and client administration by admin and project manager).
  'GET /api/users': STAFF,
  'POST /api/users': PEOPLE_MANAGERS,
  'GET /api/users/staff': STAFF,
  'GET /api/users/clients': STAFF,
  'GET /api/users/{id}': STAFF,
  // Another person's profile: the people managers (one's own: everyone, users.routes.test.ts).
  'PUT /api/users/{id}': PEOPLE_MANAGERS,
  'DELETE /api/users/{id}': PEOPLE_MANAGERS,
  'GET /api/users/{id}/stats': STAFF,
  // Another person's activity: the people managers (one's own: everyone).
  'GET /api/users/{id}/activity': PEOPLE_MANAGERS,
  // Another person's avatar, of a person that does not exist: the people managers are told 404, as
  // when they edit them; everyone else 403 (one's own: everyone; a people manager, for a person they manage).
  'POST /api/users/{id}/avatar': PEOPLE_MANAGERS,
  'GET /api/avatars/{userId}/{file}': 'public',
  'GET /api/media/status/{processingId}': 'signed-in',

  // Projects, phases, tasks (spec 1 §6); what one may see or edit of a project is the project's.
  'GET /api/projects': 'signed-in',
  'POST /api/projects': ['admin', 'project_manager', 'architect'],
  'GET /api/projects/dashboard-stats': 'signed-in',
  'GET /api/projects/categories': 'signed-in',
  'GET /api/projects/{id}': 'signed-in',
  'PUT /api/projects/{id}': 'signed-in',
  'DELETE /api/projects/{id}': PEOPLE_MANAGERS,
  'POST /api/projects/{id}/phases': 'signed-in',
  'PUT /api/projects/{id}/phases/{phaseId}': 'signed-in',
  'DELETE /api/projects/{id}/phases/{phaseId}': 'signed-in',
  'POST /api/projects/{id}/phases/{phaseId}/tasks': 'signed-in',
  'PUT /api/projects/{id}/phases/{phaseId}/tasks/{taskId}': 'signed-in',
  'DELETE /api/projects/{id}/phases/{phaseId}/tasks/{taskId}': 'signed-in',
  // The schedule: everyone who sees the project reads it; linking and the baseline are for those who
  // edit its tasks (checked on the project, so an unknown project is 404 to all).
  'GET /api/projects/{id}/schedule': 'signed-in',
  'GET /api/projects/{id}/schedule/export': 'signed-in',
  'GET /api/projects/{id}/schedule/pdf': 'signed-in',
  'POST /api/projects/{id}/schedule/links': 'signed-in',
  'DELETE /api/projects/{id}/schedule/links/{linkId}': 'signed-in',
  'POST /api/projects/{id}/schedule/baseline': 'signed-in',
  'GET /api/schedule/look-ahead': STAFF,
  'POST /api/projects/{id}/phases/{phaseId}/tasks/{taskId}/attachments': 'signed-in',
  'GET /api/projects/{id}/phases/{phaseId}/tasks/{taskId}/attachments/{attId}/view': 'signed-in',
  'GET /api/projects/{id}/phases/{phaseId}/tasks/{taskId}/attachments/{attId}/download': 'signed-in',
  'PUT /api/projects/{id}/phases/{phaseId}/tasks/{taskId}/attachments/{attId}': 'signed-in',
  'DELETE /api/projects/{id}/phases/{phaseId}/tasks/{taskId}/attachments/{attId}': 'signed-in',
  // Spec 2 §6: admin, accountant, QS and the project manager; a client, their own project's.
  'GET /api/projects/{id}/financials': [
    'admin',
    'project_manager',
    'quantity_surveyor',
    'accountant',
    'client',
  ],
  'PUT /api/projects/{id}/financials': ['admin', 'accountant', 'quantity_surveyor'],
  // What a project costs (issue 25): those who read its budgets (a lead theirs); the company view the accounts.
  'GET /api/projects/{id}/costs': COST_READERS,
  'GET /api/projects/{id}/costs/export': COST_READERS,
  'GET /api/costs': ACCOUNTS,

  // Change orders (issue 25, docs/decisions.md): staff draft and send, the project's client answers.
  // Readers get past access, and a vendor is told 404 (they see no project) rather than 403.
  'GET /api/projects/{id}/change-orders': CHANGE_ORDER_READERS,
  'POST /api/projects/{id}/change-orders': CHANGE_ORDER_DRAFTERS,
  'GET /api/change-orders/{id}': CHANGE_ORDER_READERS,
  'PUT /api/change-orders/{id}': CHANGE_ORDER_DRAFTERS,
  'POST /api/change-orders/{id}/send': CHANGE_ORDER_DRAFTERS,
  'POST /api/change-orders/{id}/withdraw': CHANGE_ORDER_DRAFTERS,
  'POST /api/change-orders/{id}/approve': CLIENT,
  'POST /api/change-orders/{id}/decline': CLIENT,

  // Notifications and one's own settings.
  'GET /api/notifications': 'signed-in',
  'GET /api/notifications/unread-count': 'signed-in',
  'PUT /api/notifications/read-all': 'signed-in',
  'PUT /api/notifications/{id}/read': 'signed-in',
  'DELETE /api/notifications/{id}': 'signed-in',
  'GET /api/notifications/settings': 'signed-in',
  'PUT /api/notifications/settings': 'signed-in',
  'POST /api/notifications/test-email': ADMIN,
  'GET /api/push/public-key': 'signed-in',
  'POST /api/push/subscriptions': 'signed-in',
  'DELETE /api/push/subscriptions': 'signed-in',

  // Reports (their figures follow what the reader may see).
  'GET /api/reports': 'signed-in',
  'GET /api/reports/export': 'signed-in',

  // Daily logs (spec 1 §6: clients cannot add logs; they reply on client-visible logs).
  'GET /api/daily-logs': 'signed-in',
  'POST /api/daily-logs': STAFF,
  'GET /api/daily-logs/project/{id}': 'signed-in',
  'POST /api/daily-logs/{id}/replies': 'signed-in',
  'DELETE /api/daily-logs/{id}': 'signed-in',
  'DELETE /api/daily-logs/{id}/replies/{replyId}': 'signed-in',

  // Budgets (spec 2 §6).
  'GET /api/budgets': BUDGET_READERS,
  'POST /api/budgets': BUDGET_CREATORS,
  'GET /api/budgets/project/{id}': BUDGET_READERS,
  'GET /api/budgets/projects': BUDGET_CREATORS,
  'GET /api/budgets/{id}': BUDGET_READERS,
  'PUT /api/budgets/{id}': BUDGET_READERS,
  'DELETE /api/budgets/{id}': BUDGET_READERS,
  'POST /api/budgets/{id}/attachments': BUDGET_READERS,
  'DELETE /api/budgets/{id}/attachments/{attId}': BUDGET_READERS,
  // The workflow's steps (spec 2 §4): each is the role's whose turn it is, whatever the budget.
  'POST /api/budgets/{id}/qs-approve-to-accountant': ['quantity_surveyor'],
  'POST /api/budgets/{id}/qs-return-to-lead': ['quantity_surveyor'],
  'POST /api/budgets/{id}/qs-reject': ['quantity_surveyor'],
  'POST /api/budgets/{id}/push-to-admin': ['accountant'],
  'POST /api/budgets/{id}/return-to-lead': ['admin', 'accountant'],
  'POST /api/budgets/{id}/reject': ['admin', 'accountant'],
  'POST /api/budgets/{id}/approve': ADMIN,
  'POST /api/budgets/{id}/return-to-lead-qs': ADMIN,
  'POST /api/budgets/{id}/resubmit': BUDGET_CREATORS,

  // Files opened by their own links (a file token or the session).
  'GET /api/attachments/{id}/view': 'signed-in',
  'GET /api/attachments/{id}/download': 'signed-in',

  // Media (spec 1 §6: clients cannot upload).
  'GET /api/media': 'signed-in',
  'GET /api/media/project/{id}': 'signed-in',
  'POST /api/media/upload': STAFF,
  'POST /api/media/upload-optimized': STAFF,
  'POST /api/media/upload-processing': STAFF,
  'POST /api/media/upload-batch': STAFF,
  'GET /api/media/{id}/view': 'signed-in',
  'GET /api/media/{id}/download': 'signed-in',
  'GET /api/media/{id}/variants': 'signed-in',
  'DELETE /api/media/{id}': 'signed-in',

  // System settings (spec 2 §6: workflow, vendor auto-login and email integration are the admin's).
  'GET /api/admin/settings': ADMIN,
  'PUT /api/admin/settings': ADMIN,
  'GET /api/admin/settings/email/zeptomail': ADMIN,
  'PUT /api/admin/settings/email/zeptomail': ADMIN,
  // WhatsApp (issue 27): the integration is the admin's, a person's own number anyone's, reports Meta's.
  'GET /api/admin/settings/whatsapp': ADMIN,
  'PUT /api/admin/settings/whatsapp': ADMIN,
  'GET /api/notifications/whatsapp': 'signed-in',
  'PUT /api/notifications/whatsapp': 'signed-in',
  'DELETE /api/notifications/whatsapp': 'signed-in',
  'POST /api/notifications/whatsapp/code': 'signed-in',
  'POST /api/notifications/whatsapp/verify': 'signed-in',
  'GET /api/rfqs/{id}/whatsapp': PROCUREMENT,
  'GET /api/webhooks/whatsapp': 'signed-webhook',
  'POST /api/webhooks/whatsapp': 'signed-webhook',

  // Testimonials (spec 2 §6: clients submit, the admin sees all).
  'POST /api/testimonials': CLIENT,
  'GET /api/testimonials': 'signed-in',
  'GET /api/testimonials/reviewable-projects': CLIENT,

  // Resumable uploads (issue 26): anyone signed in sends large files in parts; what a finished upload
  // may be attached to is the route's rule that takes it, and a session is found only by its owner.
  'POST /api/uploads': 'signed-in',
  'GET /api/uploads/{id}': 'signed-in',
  'PATCH /api/uploads/{id}': 'signed-in',
  'DELETE /api/uploads/{id}': 'signed-in',

  // Vendors (spec 3 §6: admin and QS; delete admin only; a vendor sees their own profile).
  'GET /api/vendors': PROCUREMENT,
  'POST /api/vendors': PROCUREMENT,
  'GET /api/vendors/stats': PROCUREMENT,
  'GET /api/vendors/my-stats': VENDOR,
  'GET /api/vendors/my-profile': VENDOR,
  'GET /api/vendors/{id}': [...PROCUREMENT, 'vendor'],
  'PUT /api/vendors/{id}': [...PROCUREMENT, 'vendor'],
  'DELETE /api/vendors/{id}': ADMIN,
  'POST /api/vendors/{id}/password-link': PROCUREMENT,

  // RFQs and quotes (spec 3 §6).
  'GET /api/rfqs': PROCUREMENT,
  'POST /api/rfqs': PROCUREMENT,
  'GET /api/rfqs/stats': PROCUREMENT,
  'GET /api/rfqs/vendor/my-rfqs': VENDOR,
  'GET /api/rfqs/attachments/{id}/view': 'signed-in',
  'GET /api/rfqs/attachments/{id}/download': 'signed-in',
  'GET /api/rfqs/{id}': [...PROCUREMENT, 'vendor'],
  'PUT /api/rfqs/{id}': PROCUREMENT,
  'POST /api/rfqs/{id}/open': PROCUREMENT,
  'PUT /api/rfqs/{id}/status': PROCUREMENT,
  'POST /api/rfqs/{id}/responses': VENDOR,
  'GET /api/rfqs/{id}/comparison': PROCUREMENT,
  'GET /api/rfqs/{id}/comparison/export': PROCUREMENT,

  // Negotiations (spec 3 §6: admin and QS send; the vendor accepts, rejects or counters).
  'POST /api/rfqs/{id}/negotiate': PROCUREMENT,
  'GET /api/rfqs/{id}/negotiations/{negotiationId}': 'signed-in',
  'POST /api/rfqs/{id}/negotiations/{negotiationId}/accept': VENDOR,
  'POST /api/rfqs/{id}/negotiations/{negotiationId}/reject': VENDOR,
  'POST /api/rfqs/{id}/negotiations/{negotiationId}/counter': VENDOR,
  'POST /api/rfqs/{id}/negotiations/{negotiationId}/approve-final-terms': PROCUREMENT,

  // Purchase orders: the procurement team and the vendor the order is for.
  'GET /api/purchase-orders': PURCHASE_ORDER_READERS,
  'GET /api/purchase-orders/{id}': PURCHASE_ORDER_READERS,
  'GET /api/purchase-orders/{id}/pdf': PURCHASE_ORDER_READERS,
  'GET /api/purchase-orders/{id}/deliveries': PURCHASE_ORDER_READERS,
  'POST /api/purchase-orders/{id}/deliveries': RECEIVERS,
  'POST /api/purchase-orders/{id}/cancel': ADMIN,
  'POST /api/purchase-orders/{id}/invoices': ACCOUNTS,
  'GET /api/invoices': INVOICE_READERS,
  'GET /api/invoices/{id}': INVOICE_READERS,
  'POST /api/invoices/{id}/approve': ACCOUNTS,
  'POST /api/invoices/{id}/reject': ACCOUNTS,
  'POST /api/invoices/{id}/payments': ACCOUNTS,

  // Material requests (spec 2 §2: raised by project leads and team members).
  'GET /api/material-requests': STORES,
  'POST /api/material-requests': SITE_REQUESTERS,
  // The projects one may raise a request for.
  'GET /api/material-requests/projects': SITE_REQUESTERS,
  'GET /api/material-requests/{id}': STORES,
  'PUT /api/material-requests/{id}': STORES,
  'DELETE /api/material-requests/{id}': STORES,

  // Inventory and inventory requests (spec 2 §6).
  'GET /api/inventory': STORES,
  'POST /api/inventory': STORE_MANAGERS,
  'GET /api/inventory/categories': STORES,
  'GET /api/inventory/requests': STORES,
  'POST /api/inventory/requests': SITE_REQUESTERS,
  'GET /api/inventory/requests/projects': SITE_REQUESTERS,
  'GET /api/inventory/requests/{id}': STORES,
  'PUT /api/inventory/requests/{id}': STORES,
  'GET /api/inventory/{id}': STORES,
  'PUT /api/inventory/{id}': STORE_MANAGERS,
  'DELETE /api/inventory/{id}': PEOPLE_MANAGERS,
  'GET /api/inventory/{id}/movements': STORES,
};
