// Costs benchmark, on PostgreSQL. `npm run bench:cost -w @trowel/bench`
//
// One project with 2,000 purchase orders (two lines each), 10,000 deliveries (their receipts into the
// stores), 5,000 invoices with payments, 5,000 stock issues and 20 approved budgets; and 1,000 other
// projects with 5 orders, 2 invoices, 5 issues and an approved budget each, seeded with bulk SQL.
// One request at a time (a screen's answer, not a load test), against a bare Fastify route timed the
// same way in the same run:
// 1. GET /api/projects/{id}/costs of the big project (the cost screen): target p99 < 50 ms;
// 2. GET /api/costs page 1 (the company view over 1,001 projects): target median < 100 ms.
// Each absolute target has its ratio beside it (over the bare route's median; `lib/latency-targets.ts`),
// printed both; a target is met when both hold.
// Answers are kept until any change drops them (every workflow step does), so repeated reads are what
// the table measures; what a read after a change costs is the statement's own time, from EXPLAIN ANALYZE.
import { sql } from 'drizzle-orm';
import type { Db } from '@trowel/server/src/db/client.ts';
import { costsRepository } from '@trowel/server/src/modules/costs/costs.repository.ts';
import { startBareServer } from './lib/bare.ts';
import { openRecordingDatabase, type QueryPlan } from './lib/explain.ts';
import { cleanUpOnInterrupt, cleanups } from './lib/cleanup.ts';
import { machineBusyPercent } from './lib/cpu.ts';
import { latencySummary } from './lib/health-probe-types.ts';
import {
  BenchError,
  fetchJson,
  machineFacts,
  printTargets,
  resultsFile,
  signIn,
  sourceRevision,
  writeResults,
} from './lib/measure.ts';
import { oneAtATimeTarget } from './lib/latency-targets.ts';
import { benchAdmin, startTrowel } from './lib/trowel.ts';

const BIG = { orders: 2_000, deliveries: 10_000, invoices: 5_000, issues: 5_000, budgets: 20 };
const OTHER_PROJECTS = 1_000;
const SMALL = { orders: 5, invoices: 2, issues: 5 };
const WARMUP = 20;
const RUNS = 300;
const TARGETS = { projectP99Ms: 50, companyMedianMs: 100 };
const RESULTS_FILE = resultsFile('latest-costs.json');

interface Seeded {
  projectId: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function timed(run: () => Promise<unknown>) {
  const latencies: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const started = performance.now();
    await run();
    if (i >= WARMUP) latencies.push(performance.now() - started);
  }
  return latencySummary(latencies);
}

/**
 * Orders for projects, `perProject` each (the big project gets BIG.orders): an RFQ each (category by
 * turn), two lines at fixed prices, received in full by `deliveriesPerOrder` deliveries each with its
 * receipt into one stores item per line; `invoicesPerOrder` of every orders' invoices, half paid.
 */
async function seedOrders(db: Db, vendorId: string, adminId: string) {
  await db.execute(sql`
    create temporary table bench_orders as
    select p.id as project_id, g as n,
      (array['Materials','Labour','Plant & equipment','Subcontract'])[1 + g % 4] as category
    from projects p
      cross join lateral generate_series(1, case when p.title = 'Costs bench tower' then ${BIG.orders}::int
        else ${SMALL.orders}::int end) g
    where p.title like 'Costs bench%'`);
  await db.execute(sql`alter table bench_orders add column rfq_id uuid default gen_random_uuid(),
    add column order_id uuid default gen_random_uuid()`);
  await db.execute(sql`
    insert into rfqs (id, title, project_id, status, created_by, selected_vendor_id, cost_category)
    select rfq_id, 'Bench RFQ ' || n, project_id, 'approved', ${adminId}, ${vendorId}, category
    from bench_orders`);
  await db.execute(sql`
    insert into purchase_orders (id, rfq_id, vendor_id, project_id, total_amount, status, approved_by)
    select order_id, rfq_id, ${vendorId}, project_id, 10 * 5000 + 4 * 12500, 'received', ${adminId}
    from bench_orders`);
  await db.execute(sql`
    insert into purchase_order_items (purchase_order_id, item_id, position, name, quantity, unit, unit_price,
      total_price, price_source, quantity_received, quantity_invoiced)
    select o.order_id, gen_random_uuid(), line.position, line.name, line.quantity, line.unit, line.price,
      line.quantity * line.price, 'quote', line.quantity, line.quantity
    from bench_orders o
      cross join (values (0, 'Cement 42.5R', 10, 'bags', 5000), (1, 'Rebar 12 mm', 4, 'tonnes', 12500))
        line(position, name, quantity, unit, price)`);
  await db.execute(sql`
    insert into inventory_items (name, category, quantity, unit, unit_cost_kobo)
    values ('Cement 42.5R', 'Binders', 1000000, 'bags', 500000),
      ('Rebar 12 mm', 'Steel', 1000000, 'tonnes', 1250000)`);
}

async function prepare(db: Db): Promise<Seeded> {
  const [admin] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from users where role = 'admin' order by created_at limit 1`),
  );
  if (!admin) throw new BenchError('no administrator');
  const [vendorUser] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into users (name, email, role, password_hash)
      values ('Bench Vendor', 'bench-vendor@trowel.test', 'vendor', 'x') returning id`),
  );
  const [vendor] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into vendors (user_id, name, contact_person, email, phone)
      values (${vendorUser!.id}, 'Bench Supplies', 'Bench', 'bench-vendor@trowel.test', '08000000000')
      returning id`),
  );
  await db.execute(sql`
    insert into projects (title, category, start_date, end_date)
    values ('Costs bench tower', 'Commercial', '2026-01-01', '2028-12-31')`);
  await db.execute(sql`
    insert into projects (title, category, start_date, end_date)
    select 'Costs bench ' || lpad(g::text, 4, '0'), 'Residential', '2026-01-01', '2027-12-31'
    from generate_series(1, ${OTHER_PROJECTS}) g`);
  await seedOrders(db, vendor!.id, admin.id);
  const [big] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from projects where title = 'Costs bench tower'`),
  );
  // Deliveries: the big project's orders five each, the others' one each; a receipt per line.
  await db.execute(sql`
    create temporary table bench_deliveries as
    select o.order_id, o.project_id, gen_random_uuid() as delivery_id, k
    from bench_orders o
      cross join lateral generate_series(1, case when o.project_id = ${big!.id} then
        ${BIG.deliveries / BIG.orders}::int else 1 end) k`);
  await db.execute(sql`
    insert into deliveries (id, purchase_order_id, waybill_number, delivered_on, received_by)
    select delivery_id, order_id, 'WB-' || k, '2026-06-01', ${admin.id} from bench_deliveries`);
  await db.execute(sql`
    insert into stock_movements (item_id, kind, quantity, quantity_after, delivery_id, purchase_order_id,
      purchase_order_item_id, project_id, actor_id, unit_cost_kobo)
    select inv.id, 'receipt', 1, 1, d.delivery_id, d.order_id, poi.item_id, d.project_id, ${admin.id},
      (poi.unit_price * 100)::bigint
    from bench_deliveries d
      join purchase_order_items poi on poi.purchase_order_id = d.order_id
      join inventory_items inv on inv.name = poi.name`);
  // Invoices: the big project's first orders 2.5 each on average, the others' two each.
  await db.execute(sql`
    insert into vendor_invoices (purchase_order_id, vendor_id, project_id, invoice_number, invoice_date,
      status, match_status, subtotal, vat_amount, total_amount, amount_paid, recorded_by)
    select o.order_id, ${vendor!.id}, o.project_id, 'INV-' || o.order_id || '-' || k, '2026-06-10',
      case when k % 2 = 0 then 'paid' else 'approved' end, 'matched', 40000, 3000, 43000,
      case when k % 2 = 0 then 43000 else 0 end, ${admin.id}
    from bench_orders o
      cross join lateral generate_series(1, case when o.project_id = ${big!.id} then
        (case when o.n <= ${BIG.invoices - 2 * BIG.orders} then 3 else 2 end) else ${SMALL.invoices}::int end) k`);
  // Stock issued: the big project 5,000 issues, the others 5 each.
  await db.execute(sql`
    insert into stock_movements (item_id, kind, quantity, quantity_after, project_id, actor_id, unit_cost_kobo)
    select inv.id, 'issue', -2, 0, p.id, ${admin.id}, inv.unit_cost_kobo
    from projects p
      cross join lateral generate_series(1, case when p.id = ${big!.id} then ${BIG.issues}::int
        else ${SMALL.issues}::int end) g
      join inventory_items inv on inv.name = case when g % 2 = 0 then 'Cement 42.5R' else 'Rebar 12 mm' end
    where p.title like 'Costs bench%'`);
  // Approved budgets: the big project 20 of four lines, the others one.
  await db.execute(sql`
    create temporary table bench_budgets as
    select p.id as project_id, gen_random_uuid() as budget_id
    from projects p
      cross join lateral generate_series(1, case when p.id = ${big!.id} then ${BIG.budgets}::int else 1 end) g
    where p.title like 'Costs bench%'`);
  await db.execute(sql`
    insert into budgets (id, project_id, author_id, author_role, status, total_kobo)
    select budget_id, project_id, ${admin.id}, 'admin', 'approved', 4 * 50000000 from bench_budgets`);
  await db.execute(sql`
    insert into budget_items (budget_id, position, description, quantity, unit_price_kobo, total_kobo, category)
    select b.budget_id, c.position, 'Bench line', 1, 50000000, 50000000, c.category
    from bench_budgets b
      cross join (values (0, 'Materials'), (1, 'Labour'), (2, 'Plant & equipment'), (3, 'Subcontract'))
        c(position, category)`);
  await db.execute(sql`analyze`);
  const [counts] = rowsOf<{ orders: number; deliveries: number; invoices: number }>(
    await db.execute(sql`
      select (select count(*) from purchase_orders where project_id = ${big!.id})::int as orders,
        (select count(*) from deliveries d join purchase_orders po on po.id = d.purchase_order_id
          where po.project_id = ${big!.id})::int as deliveries,
        (select count(*) from vendor_invoices where project_id = ${big!.id})::int as invoices`),
  );
  if (
    counts!.orders !== BIG.orders ||
    counts!.deliveries !== BIG.deliveries ||
    counts!.invoices !== BIG.invoices
  )
    throw new BenchError(`seeded ${JSON.stringify(counts)}`);
  return { projectId: big!.id };
}

/** EXPLAIN (ANALYZE, BUFFERS) of the statements the two answers run, as the repository sends them. */
async function explainStatements(databaseUrl: string | null, projectId: string) {
  if (!databaseUrl) return [];
  const recording = openRecordingDatabase(databaseUrl);
  try {
    const plans: Array<QueryPlan & { label: string }> = [];
    const steps = [
      ['a project by category', (db: Db) => costsRepository(db).byCategory(projectId)],
      ['every project', (db: Db) => costsRepository(db).byProject('all')],
    ] as const;
    for (const [label, work] of steps) {
      for (const query of await recording.capture(work))
        plans.push({ label, ...(await recording.explain(query, 5)) });
    }
    for (const plan of plans)
      console.log(`${plan.label}: planning ${plan.planningMs} ms, execution ${plan.executionMs} ms`);
    return plans;
  } finally {
    await recording.close();
  }
}

async function main() {
  cleanUpOnInterrupt();
  const admin = benchAdmin();
  const started = performance.now();
  const trowel = await startTrowel<Seeded>('postgres', { admin, prepare });
  cleanups.add(trowel.stop);
  const bare = await startBareServer();
  try {
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    const auth = await signIn(trowel.origin, admin);
    const projectUrl = `${trowel.origin}/api/projects/${trowel.prepared.projectId}/costs`;
    const companyUrl = `${trowel.origin}/api/costs?page=1&limit=20`;
    const { costs } = await fetchJson<{ costs: { committed: number; byCategory: unknown[] } }>(projectUrl, {
      headers: auth,
    });
    const company = await fetchJson<{ pagination: { totalItems: number } }>(companyUrl, { headers: auth });
    const busyBefore = await machineBusyPercent(2000);
    console.log(
      `Trowel costs benchmark on PostgreSQL (seeded and started in ${seconds} s); the big project commits ` +
        `${costs.committed} over ${costs.byCategory.length} categories; the company has ` +
        `${company.pagination.totalItems} projects; other work ${busyBefore ?? '?'}% of a core`,
    );
    const bareRun = await timed(() => fetch(bare.url).then((response) => response.arrayBuffer()));
    const project = await timed(() => fetchJson(projectUrl, { headers: auth }));
    const companyRun = await timed(() => fetchJson(companyUrl, { headers: auth }));
    const bareAfter = await timed(() => fetch(bare.url).then((response) => response.arrayBuffer()));
    const bareP50 = (bareRun.p50 + bareAfter.p50) / 2;
    const rows = [
      ['bare Fastify GET /bare (before)', bareRun],
      ['GET /api/projects/{id}/costs (2,000 orders)', project],
      ['GET /api/costs page 1 (1,001 projects)', companyRun],
      ['bare Fastify GET /bare (after)', bareAfter],
    ] as const;
    console.log('\n| measured | runs | p50 ms | p99 ms | max ms | p50 × bare |\n|---|---|---|---|---|---|');
    for (const [label, summary] of rows) {
      console.log(
        `| ${label} | ${RUNS} | ${summary.p50.toFixed(1)} | ${summary.p99.toFixed(1)} | ${summary.max.toFixed(1)} | ${(summary.p50 / bareP50).toFixed(1)} |`,
      );
    }
    const targets = [
      oneAtATimeTarget('cost screen', project.p99, TARGETS.projectP99Ms, bareP50),
      oneAtATimeTarget('company view', companyRun.p50, TARGETS.companyMedianMs, bareP50, 'median'),
    ];
    printTargets('postgres', targets);
    const plans = await explainStatements(trowel.databaseUrl, trowel.prepared.projectId);
    await writeResults(RESULTS_FILE, {
      machine: machineFacts(),
      source: sourceRevision(),
      database: 'postgres',
      otherWorkPercentOfCore: busyBefore,
      seeded: { bigProject: BIG, otherProjects: OTHER_PROJECTS, perOtherProject: SMALL },
      bare: { before: bareRun, after: bareAfter },
      projectCosts: project,
      companyCosts: companyRun,
      plans,
      targets,
    });
    if (targets.some((target) => !target.pass)) process.exitCode = 1;
  } finally {
    await bare.stop();
    await trowel.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
