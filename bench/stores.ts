// Stores benchmark, on PostgreSQL. `npm run bench:stores -w @trowel/bench`
//
// 1. 50,000 inventory items in 20 categories and 500,000 inventory requests from 500 people: GET
//    /api/inventory page 1 with and without a category, GET /api/inventory/requests page 1 for a team
//    member (their own) and for the store keeper (everyone's), at 50 connections, against a bare
//    Fastify route measured in the same run; likewise GET /api/material-requests page 1 over 100,000
//    material requests, for the team member and for the store keeper.
// 2. 100 releases of one item at once (70 in stock, one each): throughput and p99, and the stock and
//    movements afterwards must be exactly right (70 issued, 30 refused, 0 left).
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '@trowel/server/src/db/client.ts';
import { users } from '@trowel/server/src/db/schema.ts';
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
  writeResults,
} from './lib/measure.ts';
import { seedUsers } from './lib/seed.ts';
import { endpointOf, measurePlan, type PlanStep } from './lib/plan.ts';
import { benchAdmin, startTrowel } from './lib/trowel.ts';

const SETTINGS = loadSettings({ connections: 50, warmupSeconds: 3, durationSeconds: 10, timeoutSeconds: 30 });
const ITEMS = 50_000;
const CATEGORIES = 20;
const REQUESTS = 500_000;
const MATERIAL_REQUESTS = 100_000;
const REQUESTERS = 500;
const PROJECTS = 50;
const RELEASES = 100;
const RELEASE_STOCK = 70;
const P99_LIMIT_MS = 50;
const RESULTS_FILE = resultsFile('latest-stores.json');

interface Prepared {
  releaseItemId: string;
  releaseRequestIds: string[];
  memberRequests: number;
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
  await seedUsers(db, REQUESTERS - 1, passwordHash, { roles: ['team_member', 'project_lead'] });
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
  // Material requests from the same people and projects, two lines each.
  await db.execute(sql`
    with requesters as (
      select id, row_number() over (order by id) - 1 as n from users
      where role in ('team_member', 'project_lead') and id <> ${member!.id}
      union all select ${member!.id}::uuid, ${REQUESTERS - 1}
    ),
    projects_numbered as (select id, row_number() over (order by id) - 1 as n from projects)
    insert into material_requests (project_id, requested_by_id, items, notes, created_at, updated_at)
    select p.id, r.id,
      jsonb_build_array(
        jsonb_build_object('id', gen_random_uuid(), 'name', 'Cement (50 kg bags)', 'quantity', 1 + g % 40),
        jsonb_build_object('id', gen_random_uuid(), 'name', 'Rebar 12 mm', 'quantity', 1 + g % 25)),
      'Bench request ' || g,
      now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
    from generate_series(0, ${MATERIAL_REQUESTS - 1}) g
    join requesters r on r.n = g % ${REQUESTERS}
    join projects_numbered p on p.n = g % ${PROJECTS}`);
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
  await db.execute(sql`analyze`);
  const [mine] = await rows<{ total: number }>(
    db,
    sql`select count(*)::int as total from inventory_requests where requested_by_id = ${member!.id}`,
  );
  if (!storeKeeper) throw new BenchError('store keeper not created');
  return {
    releaseItemId: item!.id,
    releaseRequestIds: released.map((r) => r.id),
    memberRequests: mine!.total,
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
      { id: 'bare-after', label: 'bare Fastify GET /bare (after)', url: bare.url, pid: bare.pid },
    ];
    const { endpoints, baseline } = await measurePlan(load, trowel, SETTINGS, plan);

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

    const p99Of = (id: string) => endpointOf(endpoints, id).latencyMs.p99;
    const targets = [
      ...[
        'items',
        'items-category',
        'requests-member',
        'requests-store',
        'materials-member',
        'materials-store',
      ].map((id) => ({
        target: `${endpointOf(endpoints, id).label} p99 < ${P99_LIMIT_MS} ms`,
        actual: `${p99Of(id)} ms`,
        pass: p99Of(id) < P99_LIMIT_MS,
      })),
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
      environment: machineFacts(),
      settings: {
        ...SETTINGS,
        items: ITEMS,
        categories: CATEGORIES,
        requests: REQUESTS,
        materialRequests: MATERIAL_REQUESTS,
        requesters: REQUESTERS,
      },
      ...baseline,
      endpoints,
      releases,
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
