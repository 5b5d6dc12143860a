// The procurement benchmark's history and purchase orders, in bulk SQL, over RFQs already quoted.
import { sql } from 'drizzle-orm';
import type { Db } from '@trowel/server/src/db/client.ts';

async function run(db: Db, statement: ReturnType<typeof sql>, label: string) {
  const started = performance.now();
  await db.execute(statement);
  console.log(`  ${label} (${Math.round(performance.now() - started)} ms)`);
}

/** The order statuses in turn: received quantities follow (none, half of each line, all of it). */
export const ORDER_STATES = ['issued', 'partially_received', 'received'] as const;

/**
 * Every other RFQ of `ofTitle` (even numbers) approved with its cheapest quote and its purchase order
 * issued at that quote's prices, one line per item; the orders issued, partly received or received in
 * turn. Then every RFQ's history (created, sent, quoted; recommended and approved for those approved)
 * and every order's (issued; received for those received). Answers the orders made.
 */
export async function seedOrdersAndHistory(db: Db, adminEmail: string, ofTitle: string) {
  const admin = sql`(select id from users where email = ${adminEmail})`;
  // Planned with the quotes' statistics (a join planned without them may take minutes).
  await run(db, sql`analyze rfqs, vendor_responses`, 'analyze RFQs and quotes');
  await run(
    db,
    sql`update rfqs r set status = 'approved', selected_vendor_id = c.vendor_id, recommended_vendor_id = c.vendor_id,
          updated_at = r.created_at + interval '2 days'
        from (
          select distinct on (vr.rfq_id) vr.rfq_id, vr.vendor_id from vendor_responses vr
          order by vr.rfq_id, vr.total_amount, vr.vendor_id
        ) c
        where c.rfq_id = r.id and r.number % 2 = 0 and r.title like ${`${ofTitle}%`}`,
    'half the RFQs approved with their cheapest quote',
  );
  await run(
    db,
    sql`insert into purchase_orders (rfq_id, vendor_id, project_id, total_amount, status, approved_by, approved_at, created_at)
        select r.id, r.selected_vendor_id, r.project_id, vr.total_amount,
          (${`{${ORDER_STATES.join(',')}}`}::text[])[1 + (r.number / 2) % ${ORDER_STATES.length}],
          ${admin}, r.created_at + interval '2 days', r.created_at + interval '2 days'
        from rfqs r
        join vendor_responses vr on vr.rfq_id = r.id and vr.vendor_id = r.selected_vendor_id
        where r.status = 'approved'
        order by r.number`,
    'their purchase orders',
  );
  await run(
    db,
    sql`insert into purchase_order_items (purchase_order_id, item_id, position, name, description, quantity, unit,
          unit_price, total_price, price_source, quantity_received)
        select po.id, i.id, i.position, i.name, i.description, i.quantity, i.unit, vri.unit_price,
          vri.total_price, 'quote',
          case po.status when 'received' then i.quantity when 'partially_received' then floor(i.quantity / 2)
            else 0 end
        from purchase_orders po
        join vendor_responses vr on vr.rfq_id = po.rfq_id and vr.vendor_id = po.vendor_id
        join rfq_items i on i.rfq_id = po.rfq_id
        join vendor_response_items vri on vri.response_id = vr.id and vri.item_id = i.id`,
    'their lines',
  );
  await run(
    db,
    sql`
    with steps(approved, n, action, from_status, to_status) as (values
      (false, 0, 'create', null::text, 'pending_qs_review'),
      (false, 1, 'send_to_vendors', 'pending_qs_review', 'pending_vendor_response'),
      (false, 2, 'record_response', 'pending_vendor_response', 'vendor_responded'),
      (true, 0, 'create', null, 'pending_qs_review'),
      (true, 1, 'send_to_vendors', 'pending_qs_review', 'pending_vendor_response'),
      (true, 2, 'record_response', 'pending_vendor_response', 'vendor_responded'),
      (true, 3, 'recommend', 'vendor_responded', 'pending_admin_approval'),
      (true, 4, 'select_and_approve', 'pending_admin_approval', 'approved'))
    insert into status_history (workflow, entity_id, action, from_status, to_status, actor_id, created_at)
    select 'rfq', r.id, s.action, s.from_status, s.to_status, ${admin}, r.created_at + s.n * interval '10 hours'
    from rfqs r join steps s on s.approved = (r.status = 'approved')
    where r.title like ${`${ofTitle}%`}`,
    'the RFQs history',
  );
  await run(
    db,
    sql`
    insert into status_history (workflow, entity_id, action, from_status, to_status, actor_id, created_at)
    select 'purchase_order', po.id, 'create', null, 'issued', po.approved_by, po.approved_at from purchase_orders po
    union all
    select 'purchase_order', po.id, 'receive', 'issued', po.status, po.approved_by, po.approved_at + interval '3 days'
    from purchase_orders po where po.status <> 'issued'`,
    'the orders history',
  );
  const [{ orders = 0 } = {}] = (
    (await db.execute(sql`select count(*)::int as orders from purchase_orders`)) as unknown as {
      rows: Array<{ orders: number }>;
    }
  ).rows;
  return orders;
}
