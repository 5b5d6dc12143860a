// Procurement benchmark, on PostgreSQL. `npm run bench:procurement -w @trowel/bench`
//
// 1,000 vendors, 20,000 RFQs of 10 items each sent to 5 vendors, every vendor's quote on each (100,000
// quotes, 1,000,000 priced lines), one vendor invited to 500 of them, and one RFQ with 20 vendors ×
// 100 items, all quoted. At 50 connections, against a bare Fastify route measured in the same run:
// GET /api/rfqs page 1, GET /api/rfqs/vendor/my-rfqs for the vendor with 500 RFQs, GET /api/rfqs/{id}
// and GET /api/rfqs/{id}/comparison of the large RFQ. Answers are kept per viewer and query until a
// procurement change, so a further row spreads the list over 2,000 pages (more than are kept) to show
// the price of building an answer from the database.
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
import { endpointOf, measurePlan, type PlanStep } from './lib/plan.ts';
import { benchAdmin, startTrowel } from './lib/trowel.ts';

const SETTINGS = loadSettings({ connections: 50, warmupSeconds: 3, durationSeconds: 10, timeoutSeconds: 30 });
const VENDORS = 1000;
const RFQS = 20_000;
const HEAVY_VENDOR_RFQS = 500;
const SPREAD_PAGES = 2000;
const RESULTS_FILE = resultsFile('latest-procurement.json');
const vendorEmail = (n: number) => `bench-vendor-${n}@trowel.test`;

async function run(db: Db, statement: ReturnType<typeof sql>, label: string) {
  const started = performance.now();
  await db.execute(statement);
  console.log(`  ${label} (${Math.round(performance.now() - started)} ms)`);
}

/** Seeds the data in SQL, statement by statement; answers the large RFQ's id. */
async function seed(db: Db, adminEmail: string, passwordHash: string): Promise<string> {
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
               (select id from users where email = ${adminEmail}), now(), now() - make_interval(secs => ${RFQS} - g)
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
  await run(db, sql`analyze`, 'analyze');
  return bigId;
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
  const bigId = trowel.prepared;
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
      { id: 'bare-after', label: 'bare Fastify GET /bare (after)', url: bare.url, pid: bare.pid },
    ];
    const { endpoints, baseline } = await measurePlan(load, trowel, SETTINGS, plan);
    const bareAtLoad = {
      requestsPerSecond: baseline.baselineRequestsPerSecond,
      inFlight: SETTINGS.connections,
    };
    const targets = ['rfqs', 'my-rfqs', 'rfq', 'comparison'].map((id) => {
      const endpoint = endpointOf(endpoints, id);
      return latencyTarget(endpoint.label, endpoint.latencyMs.p99, 50, bareAtLoad);
    });
    printTargets('postgres', targets);
    await writeResults(RESULTS_FILE, {
      benchmark: 'procurement',
      generatedAt: new Date().toISOString(),
      source: sourceRevision(),
      environment: machineFacts(),
      settings: { ...SETTINGS, vendors: VENDORS, rfqs: RFQS, heavyVendorRfqs: HEAVY_VENDOR_RFQS },
      ...baseline,
      endpoints,
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
