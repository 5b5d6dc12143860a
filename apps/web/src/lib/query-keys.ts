import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** A list's filters with its project always named (null: every project), so one project's lists share a prefix. */
function ofProject<F extends object>(filters: F & { projectId?: string | null | undefined }) {
  // An empty project filter ('' from a cleared picker) is every project too.
  return { ...filters, projectId: filters.projectId || null };
}

const projects = ['projects'] as const;
const dailyLogs = ['daily-logs'] as const;
const media = ['media'] as const;
const notifications = ['notifications'] as const;
const users = ['users'] as const;
const reports = ['reports'] as const;
const settings = ['settings'] as const;
const testimonials = ['testimonials'] as const;
const procurement = ['procurement'] as const;
const vendorPortal = ['vendor-portal'] as const;
const budgets = ['budgets'] as const;
const financials = ['financials'] as const;
const changeOrders = ['change-orders'] as const;
const materialRequests = ['material-requests'] as const;
const inventory = ['inventory'] as const;
const negotiations = ['negotiations'] as const;
const purchaseOrders = ['purchase-orders'] as const;
const invoices = ['invoices'] as const;
const schedule = ['schedule'] as const;
const costs = ['costs'] as const;

/**
 * Every query key of the web app, from one tree: a domain's `all` key starts every key under it, so
 * invalidating it refreshes every screen of that domain. List keys put the project first
 * (`projectLists(projectId)`), so one project's lists are refreshed without the others'.
 */
export const queryKeys = {
  /** The signed-in user (GET /auth/me); kept when everything else is forgotten at sign-out. */
  session: ['auth', 'me'] as const,

  projects: {
    all: projects,
    lists: [...projects, 'list'] as const,
    list: <F extends object>(filters: F, limit: number) =>
      [...projects, 'list', { ...filters, limit }] as const,
    detail: (projectId: string) => [...projects, 'detail', projectId] as const,
    categories: [...projects, 'categories'] as const,
    /** The dashboard's counts and active projects. */
    dashboardStats: [...projects, 'dashboard-stats'] as const,
  },

  dailyLogs: {
    all: dailyLogs,
    lists: [...dailyLogs, 'list'] as const,
    list: <F extends object>(filters: F & { projectId?: string | undefined }, limit: number) =>
      [...dailyLogs, 'list', { ...ofProject(filters), limit }] as const,
    /** Prefix of every list of one project (null: the lists of every project), whatever its other filters. */
    projectLists: (projectId: string | null) => [...dailyLogs, 'list', { projectId }] as const,
    /** The latest logs of a project's detail page: every project's, then one project's. */
    allLatest: [...dailyLogs, 'latest'] as const,
    latest: (projectId: string) => [...dailyLogs, 'latest', projectId] as const,
  },

  media: {
    all: media,
    lists: [...media, 'list'] as const,
    list: <F extends object>(filters: F & { projectId?: string | undefined }) =>
      [...media, 'list', ofProject(filters)] as const,
    /** Prefix of every list of one project (null: the lists of every project), whatever its other filters. */
    projectLists: (projectId: string | null) => [...media, 'list', { projectId }] as const,
    /** The latest media of a project's detail page: every project's, then one project's. */
    allLatest: [...media, 'latest'] as const,
    latest: (projectId: string) => [...media, 'latest', projectId] as const,
  },

  notifications: {
    all: notifications,
    feed: [...notifications, 'feed'] as const,
    /** The feed of unread notifications only (the screen's Unread filter). */
    unreadFeed: [...notifications, 'feed', 'unread'] as const,
    unread: [...notifications, 'unread-count'] as const,
    /** The person's notification flags (not under `all`: reading notifications leaves them as they are). */
    settings: ['notification-settings'] as const,
    /** The person's WhatsApp number and categories. */
    whatsapp: ['notification-settings', 'whatsapp'] as const,
    /** Where each vendor's WhatsApp invitation to an RFQ stands. */
    rfqWhatsApp: (rfqId: string) => ['rfq-whatsapp', rfqId] as const,
  },

  settings: {
    all: settings,
    system: [...settings, 'system'] as const,
    emailIntegration: [...settings, 'email-integration'] as const,
    whatsappIntegration: [...settings, 'whatsapp-integration'] as const,
    security: [...settings, 'security'] as const,
  },

  testimonials: {
    all: testimonials,
    list: <F extends object>(filters: F) => [...testimonials, 'list', filters] as const,
    reviewableProjects: [...testimonials, 'reviewable-projects'] as const,
  },

  /** One negotiation loaded by its ids (the counter-offer form without passed state). */
  negotiations: {
    all: negotiations,
    detail: (rfqId: string, negotiationId: string) => [...negotiations, rfqId, negotiationId] as const,
    /** The RFQ as the negotiation form loads it without passed state. */
    rfq: (rfqId: string) => [...negotiations, 'rfq', rfqId] as const,
  },

  /** What sending a vendor a link needs: the RFQs sent to them. */
  autoLogin: {
    vendorRfqs: (vendorId: string) => ['auto-login', 'vendor-rfqs', vendorId] as const,
  },

  purchaseOrders: {
    all: purchaseOrders,
    detail: (id: string) => [...purchaseOrders, 'detail', id] as const,
    deliveries: (id: string, page: number) => [...purchaseOrders, 'deliveries', id, page] as const,
    list: <P extends object>(params: P) => [...purchaseOrders, 'list', params] as const,
  },

  invoices: {
    all: invoices,
    list: <P extends object>(params: P) => [...invoices, 'list', params] as const,
    detail: (id: string) => [...invoices, 'detail', id] as const,
  },

  users: {
    all: users,
    lists: [...users, 'list'] as const,
    staff: <P extends object>(params: P) => [...users, 'list', 'staff', params] as const,
    clients: <P extends object>(params: P) => [...users, 'list', 'clients', params] as const,
    /** People to pick from in forms (staff, clients, task assignees). */
    lookups: [...users, 'lookup'] as const,
    lookup: (kind: 'staff' | 'clients' | 'assignees') => [...users, 'lookup', kind] as const,
    byName: (kind: 'staff' | 'clients', name: string) => [...users, 'by-name', kind, name] as const,
    detail: (userId: string) => [...users, 'detail', userId] as const,
    /** Everyone's profile statistics, then one user's. */
    allStats: [...users, 'stats'] as const,
    stats: (userId: string) => [...users, 'stats', userId] as const,
    allActivity: [...users, 'activity'] as const,
    activity: (userId: string) => [...users, 'activity', userId] as const,
  },

  materialRequests: {
    all: materialRequests,
    list: <F extends object>(filters: F) => [...materialRequests, 'list', filters] as const,
    detail: (id: string) => [...materialRequests, 'detail', id] as const,
    /** The projects to ask materials for ('request') or to filter requests by ('filter'). */
    projects: (purpose: 'request' | 'filter') => [...materialRequests, 'projects', purpose] as const,
  },

  inventory: {
    all: inventory,
    items: <F extends object>(filters: F) => [...inventory, 'items', filters] as const,
    categories: [...inventory, 'categories'] as const,
    movements: (itemId: string) => [...inventory, 'movements', itemId] as const,
    requests: <F extends object>(filters: F) => [...inventory, 'requests', filters] as const,
    requestDetail: (id: string) => [...inventory, 'request', id] as const,
    projects: [...inventory, 'projects'] as const,
  },

  reports: {
    all: reports,
    report: <F extends object>(filters: F) => [...reports, 'report', filters] as const,
  },

  /** The staff's vendors and RFQs. */
  procurement: {
    all: procurement,
    vendors: <F extends object>(filters: F) => [...procurement, 'vendors', filters] as const,
    activeVendors: [...procurement, 'vendors', 'active-options'] as const,
    rfqs: <F extends object>(filters: F) => [...procurement, 'rfqs', filters] as const,
    rfq: (rfqId: string) => [...procurement, 'rfq', rfqId] as const,
    comparison: (rfqId: string, sort: object) => [...procurement, 'comparison', rfqId, sort] as const,
    rfqStats: [...procurement, 'rfq-stats'] as const,
  },

  /** The vendor's own area. */
  vendorPortal: {
    all: vendorPortal,
    rfqs: <F extends object>(filters: F) => [...vendorPortal, 'rfqs', filters] as const,
    rfq: (rfqId: string) => [...vendorPortal, 'rfq', rfqId] as const,
    stats: [...vendorPortal, 'stats'] as const,
    profile: [...vendorPortal, 'profile'] as const,
  },

  budgets: {
    all: budgets,
    list: <F extends object>(filters: F & { projectId?: string | null }, limit: number) =>
      [...budgets, 'list', { ...ofProject(filters), limit }] as const,
    /** The projects the person may create budgets on. */
    projects: [...budgets, 'projects'] as const,
  },

  financials: {
    all: financials,
    project: (projectId: string) => [...financials, projectId] as const,
  },

  /** A project's schedule, and the look-ahead across projects (both show task dates). */
  schedule: {
    all: schedule,
    project: (projectId: string) => [...schedule, 'project', projectId] as const,
    lookAhead: (days: number) => [...schedule, 'look-ahead', days] as const,
  },

  /** What projects cost against their budgets: one project's, and the company's pages. */
  costs: {
    all: costs,
    project: (projectId: string) => [...costs, 'project', projectId] as const,
    company: (page: number) => [...costs, 'company', page] as const,
  },

  changeOrders: {
    all: changeOrders,
    /** Prefix of every page of one project's change orders. */
    projectLists: (projectId: string) => [...changeOrders, 'list', projectId] as const,
    list: (projectId: string, limit: number) => [...changeOrders, 'list', projectId, { limit }] as const,
  },
};

/** The keys an author's own profile figures and activity live under (every user's when unknown). */
function authorKeys(authorId: string | null | undefined): QueryKey[] {
  return authorId
    ? [queryKeys.users.stats(authorId), queryKeys.users.activity(authorId)]
    : [queryKeys.users.allStats, queryKeys.users.allActivity];
}

/** What each change makes stale: the keys of every screen that shows what changed. */
export const staleAfter = {
  /** A project, its phases or tasks changed: lists, detail, schedule, dashboard, reports and people's figures. */
  project: (): QueryKey[] => [
    queryKeys.projects.all,
    queryKeys.schedule.all,
    queryKeys.reports.all,
    queryKeys.users.allStats,
    queryKeys.users.allActivity,
  ],
  /** A project was renamed or removed: its logs and media carry its title, or are gone with it. */
  projectEverywhere: (): QueryKey[] => [
    ...staleAfter.project(),
    queryKeys.dailyLogs.all,
    queryKeys.media.all,
  ],
  /** A log was written: that project's log lists, the lists of every project, and the author's profile. */
  logWritten: (log: { projectId: string; user: { id: string | null } }): QueryKey[] => [
    queryKeys.dailyLogs.projectLists(log.projectId),
    queryKeys.dailyLogs.projectLists(null),
    queryKeys.dailyLogs.latest(log.projectId),
    ...authorKeys(log.user.id),
  ],
  /** Media were uploaded: their projects' media lists, the lists of every project, and the uploader's profile. */
  mediaAdded: (items: ReadonlyArray<{ projectId: string | null; uploadedBy: string | null }>): QueryKey[] => {
    if (items.length === 0) return [queryKeys.media.all];
    const projectIds = new Set(items.map((item) => item.projectId));
    const uploaders = new Set(items.map((item) => item.uploadedBy));
    return [
      queryKeys.media.projectLists(null),
      ...[...projectIds].flatMap((projectId) =>
        projectId ? [queryKeys.media.projectLists(projectId), queryKeys.media.latest(projectId)] : [],
      ),
      ...[...uploaders].flatMap(authorKeys),
    ];
  },
  /** A media file was deleted or finished processing: whichever media list holds it, and the figures. */
  media: (): QueryKey[] => [queryKeys.media.all, queryKeys.users.allStats],
  /** Someone's account changed: every people list, lookup and profile (a name shows in all of them). */
  user: (): QueryKey[] => [queryKeys.users.all],
  notifications: (): QueryKey[] => [queryKeys.notifications.all],
  /** A budget changed: every budget list, and the projects' approved totals and the dashboard. */
  budget: (): QueryKey[] => [
    queryKeys.budgets.all,
    queryKeys.projects.all,
    queryKeys.costs.all,
    queryKeys.notifications.all,
  ],
  /**
   * A project's financials were saved: them, the client dashboard's figures, and its change orders
   * (whether one may be sent depends on the contract value being recorded).
   */
  financials: (projectId: string): QueryKey[] => [
    queryKeys.financials.project(projectId),
    queryKeys.changeOrders.projectLists(projectId),
    queryKeys.projects.dashboardStats,
    queryKeys.notifications.all,
  ],
  /**
   * A change order changed: its project's change orders, and (an approval) the project's value in its
   * financials, detail, lists, dashboard and reports.
   */
  changeOrder: (projectId: string): QueryKey[] => [
    queryKeys.changeOrders.projectLists(projectId),
    queryKeys.financials.project(projectId),
    queryKeys.projects.all,
    queryKeys.reports.all,
    queryKeys.notifications.all,
  ],
  /**
   * What a project costs changed (an order issued or cancelled, goods received, an invoice decided or
   * paid, stock released): the cost screens, and the projects whose spent is worked out from them.
   */
  costs: (): QueryKey[] => [queryKeys.costs.all, queryKeys.projects.all, queryKeys.reports.all],
  /** A material request changed: its lists and details, and the notifications it sent. */
  materialRequest: (): QueryKey[] => [queryKeys.materialRequests.all, queryKeys.notifications.all],
  /** Stock or an inventory request changed: items, movements and requests all show it. */
  inventory: (): QueryKey[] => [queryKeys.inventory.all, ...staleAfter.costs(), queryKeys.notifications.all],
  /** A testimonial was left: the lists and the projects still open for one. */
  testimonial: (): QueryKey[] => [queryKeys.testimonials.all, queryKeys.notifications.all],
  /** A vendor or an RFQ changed: every procurement screen. */
  procurement: (): QueryKey[] => [queryKeys.procurement.all, ...staleAfter.costs()],
  /** A vendor's quote or profile changed: their area, and the notifications it caused. */
  vendorPortal: (): QueryKey[] => [queryKeys.vendorPortal.all, queryKeys.notifications.all],
  /** A delivery was recorded or an order cancelled: orders, the stores it filled, notifications. */
  purchaseOrder: (): QueryKey[] => [
    queryKeys.purchaseOrders.all,
    queryKeys.inventory.all,
    ...staleAfter.costs(),
    queryKeys.notifications.all,
  ],
  /** An invoice was recorded, decided or paid: invoices, the orders they bill (and close), notifications. */
  invoice: (): QueryKey[] => [
    queryKeys.invoices.all,
    queryKeys.purchaseOrders.all,
    ...staleAfter.costs(),
    queryKeys.notifications.all,
  ],
  /** A negotiation was sent or answered, or final terms approved: negotiations, orders and notifications. */
  negotiation: (): QueryKey[] => [
    queryKeys.negotiations.all,
    queryKeys.purchaseOrders.all,
    queryKeys.procurement.all,
    queryKeys.vendorPortal.all,
    queryKeys.notifications.all,
  ],
};

/** Invalidates every query under any of the keys (each one a prefix). */
export async function invalidateAll(
  queryClient: QueryClient,
  keys: readonly QueryKey[],
  options: { refetchType?: 'active' | 'inactive' | 'all' | 'none' } = {},
): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey, ...options })));
}
