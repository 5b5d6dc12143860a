// Procurement benchmark, on PostgreSQL. `npm run bench:procurement -w @trowel/bench`
//
// 1,000 vendors, 20,000 RFQs of 10 items each sent to 5 vendors, every vendor's quote on each (100,000
// quotes, 1,000,000 priced lines), one vendor invited to 500 of them, and one RFQ with 20 vendors ×
// 100 items, all quoted. At 50 connections, against a bare Fastify route measured in the same run:
// GET /api/rfqs page 1, GET /api/rfqs/vendor/my-rfqs for the vendor with 500 RFQs, GET /api/rfqs/{id}
// and GET /api/rfqs/{id}/comparison of the large RFQ. Answers are kept per viewer and query until a
// procurement change, so a further row spreads the list over 2,000 pages (more than are kept) to show
// the price of building an answer from the database.
//
// Answers with their lines and history, spread over many records so that nearly every one is built
// from the database: every other RFQ is approved with its cheapest quote and has its purchase order
// (10,000 orders of 10 lines, issued, partly received or received), and every RFQ and order has its
// history. Rows: GET /api/rfqs/{id} at random over the 20,000 RFQs (5 quotes × 10 lines each),
// GET /api/purchase-orders over its 1,000 pages and GET /api/purchase-orders/{id} over the 10,000
// orders. What each of these answers runs is captured from the server's own services and explained
// (EXPLAIN ANALYZE, BUFFERS) with this data.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@trowel/server/src/db/client.ts';
import { hashPassword } from '@trowel/server/src/lib/password.ts';
import { startBareServer } from './lib/bare.ts';
import { cleanUpOnInterrupt, cleanups } from './lib/cleanup.ts';
import { startLoadGenerator } from './lib/load.ts';
import {
  BenchError,
  fetchJson,
  loadSettings,
  machineFacts,
  printTargets,
  resultsFile,
  signIn,
  sourceRevision,
  writeResults,
} from './lib/measure.ts';
import { latencyTarget } from './lib/latency-targets.ts';
import { explainAnswers } from './lib/explain-answers.ts';
import { seedOrdersAndHistory } from './lib/procurement-seed.ts';
import { getRfq } from '@trowel/server/src/modules/procurement/rfqs/rfqs.service.ts';
import {
  getPurchaseOrder,
  listPurchaseOrders,
} from '@trowel/server/src/modules/procurement/purchase-orders/purchase-orders.service.ts';
import { listPurchaseOrdersQuery } from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import { endpointOf, measurePlan, type PlanStep } from './lib/plan.ts';
import { benchAdmin, startTrowel } from './lib/trowel.ts';

/** BENCH_ONLY=rfq-spread,order (ids of the plan's rows) measures those rows only, beside the bare route. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((id) => id.trim());
const SETTINGS = loadSettings({ connections: 50, warmupSeconds: 3, durationSeconds: 10, timeoutSeconds: 30 });
const VENDORS = 1000;
const RFQS = 20_000;
const HEAVY_VENDOR_RFQS = 500;
const SPREAD_PAGES = 2000;
/** Purchase orders per page of the spread list row. */
const ORDERS_PAGE = 10;
const RESULTS_FILE = resultsFile('latest-procurement.json');
const vendorEmail = (n: number) => `bench-vendor-${n}@trowel.test`;

async function run(db: Db, statement: ReturnType<typeof sql>, label: string) {
  const started = performance.now();
  await db.execute(statement);
  console.log(`  ${label} (${Math.round(performance.now() - started)} ms)`);
}

interface Seeded {
  bigId: string;
  orders: number;
  rfqIds: string[];
  orderIds: string[];
  /** An approved RFQ (with its order), whose answer is explained. */
  approvedRfqId: string;
}

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Seeds the data in SQL, statement by statement; answers the large RFQ's id and the spread rows' ids. */
async function seed(db: Db, adminEmail: string, passwordHash: string): Promise<Seeded> {
  console.log('seeding:');
  await run(
    db,
    sql`insert into users (name, email, role, password_hash, company)
        select 'Bench Vendor ' || g, 'bench-vendor-' || g || '@trowel.test', 'vendor', ${passwordHash}, 'Vendor ' || g || ' Ltd'
        from generate_series(1, ${VENDORS}) g`,
    `${VENDORS} vendor accounts`,
  );
  await run(
    db,
    sql`insert into vendors (user_id, name, contact_person, email, phone, state, category, status)
        select id, company, name, email, '+23480' || lpad(substring(email from '[0-9]+')::text, 8, '0'),
               'Lagos', 'Construction Materials', 'active'
        from users where role = 'vendor'`,
    `${VENDORS} vendors`,
  );
  await run(
    db,
    sql`insert into rfqs (title, description, status, created_by, sent_at, created_at)
        select 'Bench RFQ ' || g, 'Materials for block ' || g, 'vendor_responded',
               (select id from users where email = ${adminEmail}), now() - interval '30 days',
               now() - interval '30 days' - make_interval(secs => ${RFQS} - g)
        from generate_series(1, ${RFQS}) g order by g`,
    `${RFQS} RFQs`,
  );
  await run(
    db,
    sql`insert into rfq_items (rfq_id, position, name, description, quantity, unit)
        select r.id, i, 'Item ' || (i + 1), '', 10 + i, 'bags' from rfqs r cross join generate_series(0, 9) i`,
    `${RFQS * 10} items`,
  );
  // RFQ n goes to five vendors; vendor 1 is one of them for the first 500.
  await run(
    db,
    sql`insert into rfq_vendors (rfq_id, vendor_id)
        select r.id, v.id
        from rfqs r cross join generate_series(0, 4) k
        join vendors v on lower(v.email) = 'bench-vendor-' ||
          (case when k = 0 and r.number - 1000 <= ${HEAVY_VENDOR_RFQS} then 1
                else 2 + (((r.number - 1000) * 5 + k) % ${VENDORS - 1}) end) || '@trowel.test'`,
    `${RFQS * 5} invitations`,
  );
  const [big] = (
    (await db.execute(
      sql`insert into rfqs (title, description, status, created_by, sent_at)
          values ('Bench large RFQ', '20 vendors, 100 items', 'vendor_responded',
                  (select id from users where email = ${adminEmail}), now())
          returning id`,
    )) as unknown as { rows: Array<{ id: string }> }
  ).rows;
  const bigId = big!.id;
  await run(
    db,
    sql`insert into rfq_items (rfq_id, position, name, description, quantity, unit)
        select ${bigId}, i, 'Large item ' || (i + 1), '', 5 + i, 'tonnes' from generate_series(0, 99) i`,
    'the large RFQ: 100 items',
  );
  await run(
    db,
    sql`insert into rfq_vendors (rfq_id, vendor_id)
        select ${bigId}, id from vendors where lower(email) in (
          select 'bench-vendor-' || g || '@trowel.test' from generate_series(2, 21) g)`,
    'the large RFQ: 20 vendors',
  );
  await run(
    db,
    sql`insert into vendor_responses (rfq_id, vendor_id, total_amount, notes)
        select rfq_id, vendor_id, 0, 'Delivery within two weeks' from rfq_vendors`,
    'a quote for every invitation',
  );
  await run(
    db,
    sql`insert into vendor_response_items (response_id, item_id, unit_price, total_price, notes)
        select vr.id, i.id, p.price, p.price * i.quantity, ''
        from vendor_responses vr
        join rfq_items i on i.rfq_id = vr.rfq_id
        cross join lateral (
          select (1000 + abs(hashtext(vr.id::text || i.id::text)) % 100000)::numeric(15, 2) as price) p`,
    'their priced lines',
  );
  await run(
    db,
    sql`update vendor_responses vr set total_amount = s.total
        from (select response_id, sum(total_price) as total from vendor_response_items group by response_id) s
        where s.response_id = vr.id`,
    'quote totals',
  );
  const orders = await seedOrdersAndHistory(db, adminEmail, 'Bench RFQ ');
  // Vacuumed as autovacuum would leave a table soon after a bulk load: index-only scans then skip
  // index entries without visiting their rows, and no autovacuum runs during the measurements.
  await run(db, sql`vacuum analyze`, 'vacuum analyze');
  return {
    bigId,
    orders,
    rfqIds: (await rowsOf<{ id: string }>(db, sql`select id from rfqs where title like 'Bench RFQ %'`)).map(
      (row) => row.id,
    ),
    orderIds: (await rowsOf<{ id: string }>(db, sql`select id from purchase_orders`)).map((row) => row.id),
    approvedRfqId: (
      await rowsOf<{ id: string }>(db, sql`select rfq_id as id from purchase_orders limit 1`)
    )[0]!.id,
  };
}

async function main() {
  cleanUpOnInterrupt();
  const admin = benchAdmin();
  const vendorPassword = randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(vendorPassword);
  const trowel = await startTrowel('postgres', {
    admin,
    prepare: (db) => seed(db, admin.email, passwordHash),
  });
  const { bigId, orders, rfqIds, orderIds, approvedRfqId } = trowel.prepared;
  const bare = await startBareServer();
  const load = startLoadGenerator();
  cleanups.add(load.stop);
  try {
    console.log(`Trowel procurement benchmark on PostgreSQL; server pid ${trowel.pid}, bare pid ${bare.pid}`);
    const staff = await signIn(trowel.origin, admin);
    const vendor = await signIn(trowel.origin, { email: vendorEmail(1), password: vendorPassword });
    const mine = await fetchJson<{ pagination: { totalItems: number } }>(
      `${trowel.origin}/api/rfqs/vendor/my-rfqs`,
      { headers: vendor },
    );
    if (mine.pagination.totalItems !== HEAVY_VENDOR_RFQS) {
      throw new BenchError(`vendor 1 has ${mine.pagination.totalItems} RFQs, not ${HEAVY_VENDOR_RFQS}`);
    }
    const large = await fetchJson<{ rfq: { responses: Array<{ items: unknown[] }> } }>(
      `${trowel.origin}/api/rfqs/${bigId}`,
      { headers: staff },
    );
    const lines = large.rfq.responses.reduce((sum, response) => sum + response.items.length, 0);
    if (large.rfq.responses.length !== 20 || lines !== 2000) {
      throw new BenchError(`the large RFQ has ${large.rfq.responses.length} quotes and ${lines} lines`);
    }
    const listed = await fetchJson<{ pagination: { totalItems: number } }>(
      `${trowel.origin}/api/purchase-orders?page=1&limit=${ORDERS_PAGE}`,
      { headers: staff },
    );
    const order = await fetchJson<{ purchaseOrder: { items: unknown[]; history: unknown[] } }>(
      `${trowel.origin}/api/purchase-orders/${orderIds[0]}`,
      { headers: staff },
    );
    if (listed.pagination.totalItems !== orders || order.purchaseOrder.items.length !== 10)
      throw new BenchError(
        `listed ${listed.pagination.totalItems} of ${orders} orders, one with ${order.purchaseOrder.items.length} lines`,
      );
    const orderPages = Math.ceil(orders / ORDERS_PAGE);

    const explained = await explainAnswers(trowel, [
      {
        id: 'rfq-spread',
        label: 'an RFQ with its 5 quotes of 10 lines (an approved one)',
        as: admin.email,
        build: (ctx, actor) => getRfq(ctx, actor, approvedRfqId).build(),
      },
      {
        id: 'orders-spread',
        label: `the purchase orders, page ${Math.ceil(orderPages / 2)}`,
        as: admin.email,
        build: (ctx, actor) =>
          listPurchaseOrders(
            ctx,
            actor,
            listPurchaseOrdersQuery.parse({
              page: String(Math.ceil(orderPages / 2)),
              limit: String(ORDERS_PAGE),
            }),
          ),
      },
      {
        id: 'order',
        label: 'a purchase order with its lines and history',
        as: admin.email,
        build: (ctx, actor) => getPurchaseOrder(ctx, actor, orderIds[1]!),
      },
    ]);

    const api = `${trowel.origin}/api`;
    // Browsers accept compressed answers: so does the load.
    const staffAccepting = { ...staff, 'accept-encoding': 'br, gzip' };
    const vendorAccepting = { ...vendor, 'accept-encoding': 'br, gzip' };
    const plan: PlanStep[] = [
      { id: 'bare-before', label: 'bare Fastify GET /bare (before)', url: bare.url, pid: bare.pid },
      {
        id: 'rfqs',
        label: 'GET /api/rfqs page 1',
        url: `${api}/rfqs?page=1&limit=12`,
        headers: staffAccepting,
        pid: trowel.pid,
      },
      {
        id: 'rfqs-spread',
        label: `GET /api/rfqs over ${SPREAD_PAGES} pages`,
        url: `${api}/rfqs?page=1&limit=10`,
        headers: staffAccepting,
        pid: trowel.pid,
        paths: Array.from({ length: SPREAD_PAGES }, (_, i) => `/api/rfqs?page=${i + 1}&limit=10`),
      },
      {
        id: 'my-rfqs',
        label: `GET /api/rfqs/vendor/my-rfqs (${HEAVY_VENDOR_RFQS} RFQs)`,
        url: `${api}/rfqs/vendor/my-rfqs`,
        headers: vendorAccepting,
        pid: trowel.pid,
      },
      {
        id: 'rfq',
        label: 'GET /api/rfqs/{id} (20 vendors × 100 items)',
        url: `${api}/rfqs/${bigId}`,
        headers: staffAccepting,
        pid: trowel.pid,
      },
      {
        id: 'comparison',
        label: 'GET /api/rfqs/{id}/comparison (20 × 100)',
        url: `${api}/rfqs/${bigId}/comparison`,
        headers: staffAccepting,
        pid: trowel.pid,
      },
      {
        id: 'rfq-spread',
        label: `GET /api/rfqs/{id} over ${rfqIds.length} RFQs (5 × 10)`,
        url: `${api}/rfqs/${rfqIds[0]}`,
        headers: staffAccepting,
        pid: trowel.pid,
        paths: rfqIds.map((id) => `/api/rfqs/${id}`),
      },
      {
        id: 'orders-spread',
        label: `GET /api/purchase-orders over ${orderPages} pages`,
        url: `${api}/purchase-orders?page=1&limit=${ORDERS_PAGE}`,
        headers: staffAccepting,
        pid: trowel.pid,
        paths: Array.from(
          { length: orderPages },
          (_, i) => `/api/purchase-orders?page=${i + 1}&limit=${ORDERS_PAGE}`,
        ),
      },
      {
        id: 'order',
        label: `GET /api/purchase-orders/{id} over ${orderIds.length} orders (10 lines)`,
        url: `${api}/purchase-orders/${orderIds[0]}`,
        headers: staffAccepting,
        pid: trowel.pid,
        paths: orderIds.map((id) => `/api/purchase-orders/${id}`),
      },
      { id: 'bare-after', label: 'bare Fastify GET /bare (after)', url: bare.url, pid: bare.pid },
    ];
    const measured = plan.filter((step) => step.id.startsWith('bare') || !ONLY || ONLY.includes(step.id));
    const { endpoints, baseline } = await measurePlan(load, trowel, SETTINGS, measured);
    const bareAtLoad = {
      requestsPerSecond: baseline.baselineRequestsPerSecond,
      inFlight: SETTINGS.connections,
    };
    const targets = ['rfqs', 'my-rfqs', 'rfq', 'comparison', 'rfq-spread', 'orders-spread', 'order']
      .filter((id) => !ONLY || ONLY.includes(id))
      .map((id) => {
        const endpoint = endpointOf(endpoints, id);
        return latencyTarget(endpoint.label, endpoint.latencyMs.p99, 50, bareAtLoad);
      });
    printTargets('postgres', targets);
    await writeResults(RESULTS_FILE, {
      benchmark: 'procurement',
      generatedAt: new Date().toISOString(),
      source: sourceRevision(),
      environment: machineFacts(),
      settings: {
        ...SETTINGS,
        vendors: VENDORS,
        rfqs: RFQS,
        heavyVendorRfqs: HEAVY_VENDOR_RFQS,
        purchaseOrders: orders,
        spreadPages: SPREAD_PAGES,
      },
      ...baseline,
      endpoints,
      plans: explained,
      targets,
    });
  } finally {
    await load.stop();
    await bare.stop();
    await trowel.stop();
  }
}

main().catch((error: unknown) => {
  console.error(
    `\nBENCHMARK FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exitCode = 1;
});
