// Stores benchmark, on PostgreSQL. `npm run bench:stores -w @trowel/bench`
//
// 1. 50,000 inventory items in 20 categories and 500,000 inventory requests from 500 people: GET
//    /api/inventory page 1 with and without a category, GET /api/inventory/requests page 1 for a team
//    member (their own) and for the store keeper (everyone's), at 50 connections, against a bare
//    Fastify route measured in the same run; likewise GET /api/material-requests page 1 over 100,000
//    material requests, for the team member and for the store keeper.
// 2. 100 releases of one item at once (70 in stock, one each): throughput and p99, and the stock and
//    movements afterwards must be exactly right (70 issued, 30 refused, 0 left).
// 3. In the same load as 1, the answers with their lines and history, each spread at random over
//    many records so that nearly none is an answer kept in memory (list pages asked again are kept,
//    some 300 of them; single requests are not) and the database reads many different rows: page 1
//    of a project's material requests over 2,000 projects (50 requests each), a material request with
//    its history and an inventory request with its history over 20,000 of each, and the store
//    keeper's requests log over 2,000 pages. Every request has its workflow history (one to three
//    rows). Each answer's statements are captured from the server's own services and explained
//    (EXPLAIN ANALYZE, BUFFERS) with this data; the plans go to the results file.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '@trowel/server/src/db/client.ts';
import { users } from '@trowel/server/src/db/schema.ts';
import {
  getInventoryRequest,
  listInventoryRequests,
} from '@trowel/server/src/modules/inventory/inventory-requests.service.ts';
import {
  getMaterialRequest,
  listMaterialRequests,
} from '@trowel/server/src/modules/material-requests/material-requests.service.ts';
import { listInventoryRequestsQuery } from '@trowel/shared/inventory/inventory.schemas.ts';
import { listMaterialRequestsQuery } from '@trowel/shared/material-requests/material-request.schemas.ts';
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
import { seedUsers } from './lib/seed.ts';
import { explainAnswers } from './lib/explain-answers.ts';
import { latencyTarget } from './lib/latency-targets.ts';
import { MATERIAL_STATES, seedStoresHistory } from './lib/stores-seed.ts';
import { endpointOf, measurePlan, type PlanStep } from './lib/plan.ts';
import { benchAdmin, startTrowel } from './lib/trowel.ts';

/** BENCH_ONLY=requests-spread,material (ids of the plan's rows) measures those rows only, beside the bare route; the releases still run. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((id) => id.trim());
const SETTINGS = loadSettings({ connections: 50, warmupSeconds: 3, durationSeconds: 10, timeoutSeconds: 30 });
const ITEMS = 50_000;
const CATEGORIES = 20;
const REQUESTS = 500_000;
const MATERIAL_REQUESTS = 100_000;
const REQUESTERS = 500;
const PROJECTS = 2000;
/** Records the by-id rows spread over, picked at random among all. */
const SPREAD_RECORDS = 20_000;
/** Pages of the requests log the spread row asks for. */
const SPREAD_PAGES = 2000;
const RELEASES = 100;
const RELEASE_STOCK = 70;
const P99_LIMIT_MS = 50;
const RESULTS_FILE = resultsFile('latest-stores.json');

interface Prepared {
  releaseItemId: string;
  releaseRequestIds: string[];
  memberRequests: number;
  historyMs: number;
  projectIds: string[];
  materialRequestIds: string[];
  inventoryRequestIds: string[];
}

const STATUSES = [
  'pending_store_keeper_approval',
  'approved_by_store_pending_release',
  'pending_admin_approval',
  'approved',
  'approved',
  'approved',
  'rejected_by_store',
];

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Items, projects, people and requests written in bulk through SQL, then analysed. */
async function prepare(db: Db, people: { storeKeeper: string; member: string }, passwordHash: string) {
  const [storeKeeper, member] = await db
    .insert(users)
    .values([
      { name: 'Bench Store Keeper', email: people.storeKeeper, role: 'store_keeper', passwordHash },
      { name: 'Bench Site Engineer', email: people.member, role: 'team_member', passwordHash },
    ])
    .returning({ id: users.id });
  // `roles` is one role per person (unlisted people get a drawn role, and would not be requesters).
  await seedUsers(db, REQUESTERS - 1, passwordHash, {
    roles: Array.from({ length: REQUESTERS - 1 }, (_, index) => (index % 2 ? 'project_lead' : 'team_member')),
  });
  const lead = (
    await rows<{ id: string }>(db, sql`select id from users where role = 'project_lead' limit 1`)
  )[0]!;
  await db.execute(sql`
    insert into projects (title, category, start_date, end_date, project_lead_id)
    select 'Bench project ' || g, 'Residential', '2026-01-01', '2027-12-31', ${lead.id}
    from generate_series(1, ${PROJECTS}) g`);
  await db.execute(sql`
    insert into inventory_items (name, category, quantity, unit, low_stock_threshold, created_at, updated_at)
    select 'Item ' || g || ' ' || md5(g::text), 'Category ' || (g % ${CATEGORIES}), (g * 7) % 1000, 'pieces',
      (g * 3) % 100, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    from generate_series(1, ${ITEMS}) g`);
  // Requesters: the measured team member and the 499 others, round robin (1,000 requests each).
  await db.execute(sql`
    with requesters as (
      select id, row_number() over (order by id) - 1 as n from users
      where role in ('team_member', 'project_lead') and id <> ${member!.id}
      union all select ${member!.id}::uuid, ${REQUESTERS - 1}
    ),
    items as (select id, name, unit, row_number() over (order by id) - 1 as n from inventory_items),
    projects_numbered as (select id, row_number() over (order by id) - 1 as n from projects)
    insert into inventory_requests (inventory_item_id, item_name, unit, project_id, requested_by_id,
      quantity_requested, status, created_at, updated_at)
    select i.id, i.name, i.unit, p.id, r.id, 1 + g % 20,
      (${`{${STATUSES.join(',')}}`}::text[])[1 + g % ${STATUSES.length}],
      now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
    from generate_series(0, ${REQUESTS - 1}) g
    join requesters r on r.n = g % ${REQUESTERS}
    join items i on i.n = g % ${ITEMS}
    join projects_numbered p on p.n = g % ${PROJECTS}`);
  // Material requests from the same people and projects, two lines each, their statuses in turn.
  await db.execute(sql`
    with states as (
      select n - 1 as n, state->>'status' as status, state->>'storeStatus' as store_status
      from jsonb_array_elements(${JSON.stringify(MATERIAL_STATES)}::jsonb) with ordinality as s(state, n)
    ),
    requesters as (
      select id, row_number() over (order by id) - 1 as n from users
      where role in ('team_member', 'project_lead') and id <> ${member!.id}
      union all select ${member!.id}::uuid, ${REQUESTERS - 1}
    ),
    projects_numbered as (select id, row_number() over (order by id) - 1 as n from projects)
    insert into material_requests (project_id, requested_by_id, items, notes, status, store_status,
      store_timestamp, created_at, updated_at)
    select p.id, r.id,
      jsonb_build_array(
        jsonb_build_object('id', gen_random_uuid(), 'name', 'Cement (50 kg bags)', 'quantity', 1 + g % 40),
        jsonb_build_object('id', gen_random_uuid(), 'name', 'Rebar 12 mm', 'quantity', 1 + g % 25)),
      'Bench request ' || g, st.status, st.store_status,
      case when st.store_status is not null then now() - (g || ' seconds')::interval + interval '1 second' end,
      now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
    from generate_series(0, ${MATERIAL_REQUESTS - 1}) g
    join requesters r on r.n = g % ${REQUESTERS}
    join projects_numbered p on p.n = g % ${PROJECTS}
    join states st on st.n = g % ${MATERIAL_STATES.length}`);
  // The release test: one item, 70 in stock, 100 requests of one each approved by admin.
  const [item] = await rows<{ id: string }>(
    db,
    sql`insert into inventory_items (name, category, quantity, unit, low_stock_threshold)
        values ('Release bench cement', 'Binders', ${RELEASE_STOCK}, 'bags', 10) returning id`,
  );
  const [project] = await rows<{ id: string }>(db, sql`select id from projects limit 1`);
  const released = await rows<{ id: string }>(
    db,
    sql`insert into inventory_requests (inventory_item_id, item_name, unit, project_id, requested_by_id,
          quantity_requested, quantity_approved, status)
        select ${item!.id}, 'Release bench cement', 'bags', ${project!.id}, ${member!.id}, 1, 1,
          'approved_by_admin_pending_store_release'
        from generate_series(1, ${RELEASES}) returning id`,
  );
  const historyMs = await seedStoresHistory(db, { storeKeeperId: storeKeeper!.id, leadId: lead.id });
  // Vacuumed as autovacuum would leave the tables soon after a bulk load (see bench:procurement).
  await db.execute(sql`vacuum analyze`);
  const sample = async (table: 'material_requests' | 'inventory_requests') =>
    (
      await rows<{ id: string }>(
        db,
        sql`select id from ${sql.raw(table)} order by random() limit ${SPREAD_RECORDS}`,
      )
    ).map((row) => row.id);
  const [mine] = await rows<{ total: number }>(
    db,
    sql`select count(*)::int as total from inventory_requests where requested_by_id = ${member!.id}`,
  );
  if (!storeKeeper) throw new BenchError('store keeper not created');
  return {
    releaseItemId: item!.id,
    releaseRequestIds: released.map((r) => r.id),
    memberRequests: mine!.total,
    historyMs,
    projectIds: (await rows<{ id: string }>(db, sql`select id from projects`)).map((row) => row.id),
    materialRequestIds: await sample('material_requests'),
    inventoryRequestIds: await sample('inventory_requests'),
  };
}

function percentile(sorted: number[], fraction: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

async function main() {
  cleanUpOnInterrupt();
  const admin = benchAdmin();
  const password = randomBytes(12).toString('base64url');
  const people = { storeKeeper: 'bench-store@trowel.test', member: 'bench-engineer@trowel.test' };
  const passwordHash = await hashPassword(password);
  const seedStarted = performance.now();
  const trowel = await startTrowel<Prepared>('postgres', {
    admin,
    prepare: (db) => prepare(db, people, passwordHash),
  });
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const bare = await startBareServer();
  const load = startLoadGenerator();
  cleanups.add(load.stop);
  try {
    console.log(
      `Trowel stores benchmark on PostgreSQL (${ITEMS} items, ${REQUESTS} requests, seeded and started in ${seedSeconds.toFixed(0)} s); server pid ${trowel.pid}`,
    );
    const store = await signIn(trowel.origin, { email: people.storeKeeper, password });
    const member = await signIn(trowel.origin, { email: people.member, password });
    const api = (path: string) => `${trowel.origin}/api${path}`;
    const own = await fetchJson<{ pagination: { totalItems: number } }>(
      api('/inventory/requests?page=1&limit=12'),
      {
        headers: member,
      },
    );
    if (own.pagination.totalItems !== trowel.prepared.memberRequests)
      throw new BenchError(
        `the team member sees ${own.pagination.totalItems} requests, not their own ${trowel.prepared.memberRequests}`,
      );
    const { projectIds, materialRequestIds, inventoryRequestIds } = trowel.prepared;
    const perProject = MATERIAL_REQUESTS / PROJECTS;
    const ofProject = await fetchJson<{ pagination: { totalItems: number } }>(
      api(`/material-requests?projectId=${projectIds[0]}&page=1&limit=10`),
      { headers: store },
    );
    if (ofProject.pagination.totalItems !== perProject)
      throw new BenchError(
        `a project has ${ofProject.pagination.totalItems} material requests, not ${perProject}`,
      );
    const oneMaterial = await fetchJson<{ materialRequest: { items: unknown[] }; history: unknown[] }>(
      api(`/material-requests/${materialRequestIds[0]}`),
      { headers: store },
    );
    const oneInventory = await fetchJson<{ history: unknown[] }>(
      api(`/inventory/requests/${inventoryRequestIds[0]}`),
      { headers: store },
    );
    if (oneMaterial.materialRequest.items.length !== 2 || oneMaterial.history.length === 0)
      throw new BenchError('a material request came without its lines or history');
    if (oneInventory.history.length === 0)
      throw new BenchError('an inventory request came without its history');
    console.log(`history seeded in ${(trowel.prepared.historyMs / 1000).toFixed(1)} s`);

    // 3. What each spread answer runs, explained with this data.
    const explained = await explainAnswers(trowel, [
      {
        id: 'materials-project',
        label: "a project's material requests, page 1",
        as: people.storeKeeper,
        build: (ctx, actor) =>
          listMaterialRequests(
            ctx,
            actor,
            listMaterialRequestsQuery.parse({ projectId: projectIds[1], page: '1', limit: '10' }),
          ),
      },
      {
        id: 'material',
        label: 'a material request with its history',
        as: people.storeKeeper,
        build: (ctx, actor) => getMaterialRequest(ctx, actor, materialRequestIds[1]!),
      },
      {
        id: 'inventory-request',
        label: 'an inventory request with its history',
        as: people.storeKeeper,
        build: (ctx, actor) => getInventoryRequest(ctx, actor, inventoryRequestIds[1]!),
      },
      {
        id: 'requests-spread',
        label: `the requests log, page ${SPREAD_PAGES / 2}`,
        as: people.storeKeeper,
        build: (ctx, actor) =>
          listInventoryRequests(
            ctx,
            actor,
            listInventoryRequestsQuery.parse({ page: String(SPREAD_PAGES / 2), limit: '12' }),
          ),
      },
    ]);

    const plan: PlanStep[] = [
      { id: 'bare-before', label: 'bare Fastify GET /bare (before)', url: bare.url, pid: bare.pid },
      {
        id: 'items',
        label: 'GET /api/inventory page 1',
        url: api('/inventory?page=1&limit=12'),
        headers: store,
        pid: trowel.pid,
      },
      {
        id: 'items-category',
        label: 'GET /api/inventory page 1, one category',
        url: api('/inventory?page=1&limit=12&category=Category%207'),
        headers: store,
        pid: trowel.pid,
      },
      {
        id: 'requests-member',
        label: 'GET /api/inventory/requests page 1 (team member)',
        url: api('/inventory/requests?page=1&limit=12'),
        headers: member,
        pid: trowel.pid,
      },
      {
        id: 'requests-store',
        label: 'GET /api/inventory/requests page 1 (store keeper)',
        url: api('/inventory/requests?page=1&limit=12'),
        headers: store,
        pid: trowel.pid,
      },
      {
        id: 'materials-member',
        label: 'GET /api/material-requests page 1 (team member)',
        url: api('/material-requests?page=1&limit=10'),
        headers: member,
        pid: trowel.pid,
      },
      {
        id: 'materials-store',
        label: 'GET /api/material-requests page 1 (store keeper)',
        url: api('/material-requests?page=1&limit=10'),
        headers: store,
        pid: trowel.pid,
      },
      {
        id: 'materials-project',
        label: `GET /api/material-requests?projectId= page 1 (${PROJECTS} projects)`,
        url: api(`/material-requests?projectId=${projectIds[0]}&page=1&limit=10`),
        headers: store,
        pid: trowel.pid,
        paths: projectIds.map((id) => `/api/material-requests?projectId=${id}&page=1&limit=10`),
      },
      {
        id: 'material',
        label: `GET /api/material-requests/{id} (${materialRequestIds.length} requests)`,
        url: api(`/material-requests/${materialRequestIds[0]}`),
        headers: store,
        pid: trowel.pid,
        paths: materialRequestIds.map((id) => `/api/material-requests/${id}`),
      },
      {
        id: 'inventory-request',
        label: `GET /api/inventory/requests/{id} (${inventoryRequestIds.length} requests)`,
        url: api(`/inventory/requests/${inventoryRequestIds[0]}`),
        headers: store,
        pid: trowel.pid,
        paths: inventoryRequestIds.map((id) => `/api/inventory/requests/${id}`),
      },
      {
        id: 'requests-spread',
        label: `GET /api/inventory/requests over ${SPREAD_PAGES} pages (store keeper)`,
        url: api('/inventory/requests?page=1&limit=12'),
        headers: store,
        pid: trowel.pid,
        paths: Array.from(
          { length: SPREAD_PAGES },
          (_, i) => `/api/inventory/requests?page=${i + 1}&limit=12`,
        ),
      },
      { id: 'bare-after', label: 'bare Fastify GET /bare (after)', url: bare.url, pid: bare.pid },
    ];
    const measured = plan.filter((step) => step.id.startsWith('bare') || !ONLY || ONLY.includes(step.id));
    const { endpoints, baseline } = await measurePlan(load, trowel, SETTINGS, measured);

    // 2. 100 releases of one item at once.
    const latencies: number[] = [];
    const started = performance.now();
    const codes = await Promise.all(
      trowel.prepared.releaseRequestIds.map(async (id) => {
        const before = performance.now();
        const response = await fetch(api(`/inventory/requests/${id}`), {
          method: 'PUT',
          headers: { ...store, 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'approved' }),
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - before);
        return response.status;
      }),
    );
    const wallMs = performance.now() - started;
    latencies.sort((a, b) => a - b);
    const issued = codes.filter((code) => code === 200).length;
    const refused = codes.filter((code) => code === 409).length;
    const item = await fetchJson<{ item: { quantity: number } }>(
      api(`/inventory/${trowel.prepared.releaseItemId}`),
      {
        headers: store,
      },
    );
    const movements = await fetchJson<{ pagination: { totalItems: number } }>(
      api(`/inventory/${trowel.prepared.releaseItemId}/movements?limit=1`),
      { headers: store },
    );
    const releases = {
      requests: RELEASES,
      stockBefore: RELEASE_STOCK,
      issued,
      refused,
      other: RELEASES - issued - refused,
      stockAfter: item.item.quantity,
      issueMovements: movements.pagination.totalItems,
      wallMs,
      perSecond: RELEASES / (wallMs / 1000),
      latencyMs: {
        p50: percentile(latencies, 0.5),
        p99: percentile(latencies, 0.99),
        max: latencies.at(-1)!,
      },
    };
    console.log(
      `${RELEASES} releases at once against ${RELEASE_STOCK} in stock: ${issued} issued, ${refused} refused, ` +
        `${releases.stockAfter} left, ${releases.issueMovements} movements; ${releases.perSecond.toFixed(0)} releases/s ` +
        `(${((releases.perSecond / baseline.baselineRequestsPerSecond) * 100).toFixed(2)}% of bare req/s), ` +
        `p50 ${releases.latencyMs.p50.toFixed(0)} ms, p99 ${releases.latencyMs.p99.toFixed(0)} ms`,
    );

    const bareAtLoad = {
      requestsPerSecond: baseline.baselineRequestsPerSecond,
      inFlight: SETTINGS.connections,
    };
    const targets = [
      ...[
        'items',
        'items-category',
        'requests-member',
        'requests-store',
        'materials-member',
        'materials-store',
        'materials-project',
        'material',
        'inventory-request',
        'requests-spread',
      ]
        .filter((id) => !ONLY || ONLY.includes(id))
        .map((id) => {
          const endpoint = endpointOf(endpoints, id);
          return latencyTarget(endpoint.label, endpoint.latencyMs.p99, P99_LIMIT_MS, bareAtLoad);
        }),
      {
        target: `releases: exactly ${RELEASE_STOCK} issued, the rest refused, 0 left`,
        actual: `${issued} issued, ${refused} refused, ${releases.stockAfter} left, ${releases.issueMovements} movements`,
        pass:
          issued === RELEASE_STOCK &&
          refused === RELEASES - RELEASE_STOCK &&
          releases.stockAfter === 0 &&
          releases.issueMovements === RELEASE_STOCK + 0,
      },
    ];
    printTargets('postgres', targets);
    await writeResults(RESULTS_FILE, {
      benchmark: 'stores',
      generatedAt: new Date().toISOString(),
      source: sourceRevision(),
      environment: machineFacts(),
      settings: {
        ...SETTINGS,
        items: ITEMS,
        categories: CATEGORIES,
        requests: REQUESTS,
        materialRequests: MATERIAL_REQUESTS,
        requesters: REQUESTERS,
        projects: PROJECTS,
        spreadRecords: SPREAD_RECORDS,
        spreadPages: SPREAD_PAGES,
      },
      ...baseline,
      endpoints,
      releases,
      plans: explained,
      targets,
    });
    await sleep(100);
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
