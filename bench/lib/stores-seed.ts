// The stores benchmark's history, in bulk SQL: every inventory and material request's steps, as the
// workflow would have written them for the status it was seeded with.
import { sql } from 'drizzle-orm';
import type { Db } from '@trowel/server/src/db/client.ts';

/** Material requests' statuses in turn (with the store keeper's answer), as the seed writes them. */
export const MATERIAL_STATES = [
  { status: 'pending_lead_approval', storeStatus: null },
  { status: 'approved_by_lead', storeStatus: null },
  { status: 'approved_by_lead', storeStatus: 'delivered' },
  { status: 'rejected_by_lead', storeStatus: null },
] as const;

/**
 * The history of every inventory request (its creation, then the store keeper's steps to its status)
 * and of every material request (its creation, the lead's review, the store keeper's answer): some
 * two to three rows each. Steps are a tenth of a second apart, the first one by the requester.
 */
export async function seedStoresHistory(db: Db, people: { storeKeeperId: string; leadId: string }) {
  const started = performance.now();
  await db.execute(sql`
    with steps(status, n, action, from_status, to_status) as (values
      ('pending_store_keeper_approval', 0, 'create', null::text, 'pending_store_keeper_approval'),
      ('approved_by_store_pending_release', 0, 'create', null, 'pending_store_keeper_approval'),
      ('approved_by_store_pending_release', 1, 'store_approve', 'pending_store_keeper_approval',
        'approved_by_store_pending_release'),
      ('pending_admin_approval', 0, 'create', null, 'pending_store_keeper_approval'),
      ('pending_admin_approval', 1, 'store_approve', 'pending_store_keeper_approval',
        'approved_by_store_pending_release'),
      ('pending_admin_approval', 2, 'store_escalate', 'approved_by_store_pending_release',
        'pending_admin_approval'),
      ('approved', 0, 'create', null, 'pending_store_keeper_approval'),
      ('approved', 1, 'store_approve', 'pending_store_keeper_approval', 'approved_by_store_pending_release'),
      ('approved', 2, 'release', 'approved_by_store_pending_release', 'approved'),
      ('rejected_by_store', 0, 'create', null, 'pending_store_keeper_approval'),
      ('rejected_by_store', 1, 'store_reject', 'pending_store_keeper_approval', 'rejected_by_store'))
    insert into status_history (workflow, entity_id, action, from_status, to_status, actor_id, created_at)
    select 'inventory_request', r.id, s.action, s.from_status, s.to_status,
      case when s.n = 0 then r.requested_by_id else ${people.storeKeeperId}::uuid end,
      r.created_at + s.n * interval '100 milliseconds'
    from inventory_requests r join steps s on s.status = r.status`);
  await db.execute(sql`
    with steps(status, delivered, n, action, from_status, to_status) as (values
      ('pending_lead_approval', false, 0, 'create', null::text, 'pending_lead_approval'),
      ('approved_by_lead', false, 0, 'create', null, 'pending_lead_approval'),
      ('approved_by_lead', false, 1, 'approve', 'pending_lead_approval', 'approved_by_lead'),
      ('approved_by_lead', true, 0, 'create', null, 'pending_lead_approval'),
      ('approved_by_lead', true, 1, 'approve', 'pending_lead_approval', 'approved_by_lead'),
      ('approved_by_lead', true, 2, 'mark_delivered', 'approved_by_lead', 'approved_by_lead'),
      ('rejected_by_lead', false, 0, 'create', null, 'pending_lead_approval'),
      ('rejected_by_lead', false, 1, 'reject', 'pending_lead_approval', 'rejected_by_lead'))
    insert into status_history (workflow, entity_id, action, from_status, to_status, actor_id, created_at)
    select 'material_request', r.id, s.action, s.from_status, s.to_status,
      case s.n when 0 then r.requested_by_id when 1 then ${people.leadId}::uuid
        else ${people.storeKeeperId}::uuid end,
      r.created_at + s.n * interval '100 milliseconds'
    from material_requests r
    join steps s on s.status = r.status and s.delivered = (r.store_status is not null)`);
  return performance.now() - started;
}
