// Negotiation and vendor-link benchmark, on PostgreSQL. `npm run bench:negotiation -w @trowel/bench`
//
// 1. POST /api/auto-login/validate at 50 connections, each request with a one-time link token of
//    its own (200,000 seeded, only their hashes stored), against a bare Fastify route measured in the
//    same run: what a validation costs is the hash lookup, the link's one use and the new session.
// 2. GET /api/rfqs/{id} of an RFQ sent to 20 vendors, with 100 items, every vendor's quote and 5
//    negotiation rounds with each (10,000 negotiated items; the answer lists every round and the
//    items of the latest round with each vendor), at 50 connections: p99 under 50 ms.
import { sql } from 'drizzle-orm';
import { queryRows } from '@trowel/server/src/db/raw.ts';
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
import { latencyTarget } from './lib/latency-targets.ts';
import { endpointOf, measurePlan, type PlanStep } from './lib/plan.ts';
import { unknownPasswordHash } from './lib/seed.ts';
import { benchAdmin, startTrowel } from './lib/trowel.ts';

const SETTINGS = loadSettings({ connections: 50, warmupSeconds: 3, durationSeconds: 10, timeoutSeconds: 30 });
const VENDORS = 20;
const ITEMS = 100;
const ROUNDS = 5;
const LINKS = 200_000;
const TOKEN_PREFIX = 'al_bench_';
const TOKEN_WIDTH = 7;
const RESULTS_FILE = resultsFile('latest-negotiation.json');

/** The stored hash of a link token, as the server writes it (SHA-256, base64url). */
const hashOf = (token: ReturnType<typeof sql>) =>
  sql`translate(rtrim(encode(sha256(convert_to(${token}, 'UTF8')), 'base64'), '='), '+/', '-_')`;

async function main() {
  cleanUpOnInterrupt();
  const admin = benchAdmin();
  const passwordHash = await unknownPasswordHash();
  const trowel = await startTrowel('postgres', {
    admin,
    async prepare(db) {
      const started = performance.now();
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into users (name, email, role, password_hash, company)
          select 'Bench Vendor ' || i, 'bench-vendor-' || i || '@trowel.test', 'vendor', ${passwordHash},
            'Bench Supplies ' || i || ' Ltd'
          from generate_series(1, ${VENDORS}) i`);
        await tx.execute(sql`
          insert into users (name, email, role, password_hash)
          values ('Bench Surveyor', 'bench-qs@trowel.test', 'quantity_surveyor', ${passwordHash})`);
        await tx.execute(sql`
          insert into vendors (user_id, name, contact_person, email, phone, status)
          select id, company, name, email, '+2348031234567', 'active' from users where role = 'vendor'`);
        await tx.execute(sql`
          insert into rfqs (title, description, status, created_by, sent_at)
          select 'Bench RFQ with negotiations', 'Twenty vendors, a hundred items, five rounds each',
            'under_negotiation', id, now()
          from users where email = 'bench-qs@trowel.test'`);
        await tx.execute(sql`
          insert into rfqs (title, status, created_by, sent_at)
          select 'Bench RFQ for links', 'pending_vendor_response', id, now()
          from users where email = 'bench-qs@trowel.test'`);
        await tx.execute(sql`
          insert into rfq_items (rfq_id, position, name, description, quantity, unit)
          select r.id, i - 1, 'Item ' || i || ' of the bill of quantities', 'Grade and size as drawn', 10 + i, 'units'
          from rfqs r, generate_series(1, ${ITEMS}) i where r.title = 'Bench RFQ with negotiations'`);
        await tx.execute(
          sql`insert into rfq_vendors (rfq_id, vendor_id) select r.id, v.id from rfqs r, vendors v`,
        );
        await tx.execute(sql`
          insert into vendor_responses (rfq_id, vendor_id, total_amount, notes, submitted_at)
          select r.id, v.id, 0, 'Prices include delivery', now() - interval '10 days'
          from rfqs r, vendors v where r.title = 'Bench RFQ with negotiations'`);
        await tx.execute(sql`
          insert into vendor_response_items (response_id, item_id, unit_price, total_price)
          select vr.id, i.id, 1000 + i.position * 10, (1000 + i.position * 10) * i.quantity
          from vendor_responses vr join rfq_items i on i.rfq_id = vr.rfq_id`);
        await tx.execute(sql`
          update vendor_responses vr set total_amount = t.total
          from (select response_id, sum(total_price) as total from vendor_response_items group by response_id) t
          where t.response_id = vr.id`);
        await tx.execute(sql`
          insert into negotiations (rfq_id, vendor_id, number, negotiated_by, status, is_counter_offer,
            original_total, total_amount, notes, counter_total, counter_notes, responded_at, created_at)
          select vr.rfq_id, vr.vendor_id, round, u.id,
            case when round < ${ROUNDS} then 'vendor_counter_offered' else 'pending_vendor_response' end,
            round > 1, vr.total_amount, vr.total_amount * 0.9, 'Round ' || round || ': bulk discount please',
            case when round < ${ROUNDS} then vr.total_amount * 0.95 end,
            case when round < ${ROUNDS} then 'Our best price this week' end,
            case when round < ${ROUNDS} then now() - interval '1 day' * (${ROUNDS} - round) end,
            now() - interval '1 day' * (${ROUNDS} - round) - interval '1 hour'
          from vendor_responses vr, generate_series(1, ${ROUNDS}) round, users u
          where u.email = 'bench-qs@trowel.test'`);
        await tx.execute(sql`
          insert into negotiation_items (negotiation_id, item_id, position, original_unit_price, original_total_price,
            negotiated_unit_price, negotiated_total_price, notes, counter_unit_price, counter_total_price)
          select n.id, i.id, i.position, vri.unit_price, vri.total_price, vri.unit_price * 0.9,
            vri.total_price * 0.9, 'Volume discount',
            case when n.status = 'vendor_counter_offered' then vri.unit_price * 0.95 end,
            case when n.status = 'vendor_counter_offered' then vri.total_price * 0.95 end
          from negotiations n
          join vendor_responses vr on vr.rfq_id = n.rfq_id and vr.vendor_id = n.vendor_id
          join vendor_response_items vri on vri.response_id = vr.id
          join rfq_items i on i.id = vri.item_id`);
        await tx.execute(sql`
          insert into auto_login_links (token_hash, vendor_id, rfq_id, action, expires_at)
          select ${hashOf(sql`${TOKEN_PREFIX} || lpad(n::text, ${TOKEN_WIDTH}, '0')`)}, v.id, r.id, 'view_rfq',
            now() + interval '3 days'
          from generate_series(0, ${LINKS - 1}) n,
            (select id from vendors order by email limit 1) v,
            (select id from rfqs where title = 'Bench RFQ for links') r`);
      });
      await db.execute(sql`analyze`);
      const [rfq] = await queryRows<{ id: string }>(
        db,
        sql`select id from rfqs where title = 'Bench RFQ with negotiations'`,
      );
      return { rfqId: rfq!.id, seedMs: performance.now() - started };
    },
  });
  const bare = await startBareServer();
  const load = startLoadGenerator();
  cleanups.add(load.stop);
  try {
    console.log(`Trowel negotiation benchmark on PostgreSQL; server pid ${trowel.pid}, bare pid ${bare.pid}`);
    console.log(`seeded in ${Math.round(trowel.prepared.seedMs)} ms`);
    const auth = await signIn(trowel.origin, admin);
    const detailUrl = `${trowel.origin}/api/rfqs/${trowel.prepared.rfqId}`;
    const detail = await fetchJson<{
      rfq: { negotiations: Array<{ items?: unknown[]; itemCount: number }>; responses: unknown[] };
    }>(detailUrl, { headers: auth });
    // Every round is listed with its item count; the latest round with each vendor with its items.
    const { negotiations } = detail.rfq;
    const negotiatedItems = negotiations.reduce((sum, n) => sum + n.itemCount, 0);
    const listedItems = negotiations.reduce((sum, n) => sum + (n.items?.length ?? 0), 0);
    if (
      negotiations.length !== VENDORS * ROUNDS ||
      negotiatedItems !== VENDORS * ROUNDS * ITEMS ||
      listedItems !== VENDORS * ITEMS
    ) {
      throw new BenchError(
        `the RFQ answer lists ${negotiatedItems} negotiated items, ${listedItems} in full`,
      );
    }
    const answerBytes = JSON.stringify(detail).length;
    console.log(
      `GET /api/rfqs/{id}: ${negotiations.length} negotiations of ${negotiatedItems} items, ${listedItems} of them listed, ${answerBytes} bytes of JSON`,
    );

    const plan: PlanStep[] = [
      { id: 'bare-before', label: 'bare Fastify GET /bare (before)', url: bare.url, pid: bare.pid },
      {
        id: 'validate',
        label: 'POST /api/auto-login/validate (one-time tokens)',
        url: `${trowel.origin}/api/auto-login/validate`,
        pid: trowel.pid,
        tokenBodies: { prefix: TOKEN_PREFIX, width: TOKEN_WIDTH },
      },
      {
        id: 'rfq-detail',
        label: 'GET /api/rfqs/{id} (20 vendors x 100 items x 5 rounds)',
        url: detailUrl,
        pid: trowel.pid,
        headers: { ...auth, 'accept-encoding': 'br, gzip' },
        settleLimitMs: 300_000,
      },
      { id: 'bare-after', label: 'bare Fastify GET /bare (after)', url: bare.url, pid: bare.pid },
    ];
    const { endpoints, baseline } = await measurePlan(load, trowel, SETTINGS, plan);
    const of = (id: string) => endpointOf(endpoints, id);
    // Reported, not judged: each validation is a one-time link's lookup and a new session, written.
    console.log(
      `POST /api/auto-login/validate: ${(of('validate').ratioToBare * 100).toFixed(1)}% of bare req/s, ` +
        `p99 ${of('validate').latencyMs.p99} ms`,
    );
    const targets = [
      latencyTarget('GET /api/rfqs/{id}', of('rfq-detail').latencyMs.p99, 50, {
        requestsPerSecond: baseline.baselineRequestsPerSecond,
        inFlight: SETTINGS.connections,
      }),
    ];
    printTargets('postgres', targets);
    await writeResults(RESULTS_FILE, {
      benchmark: 'negotiation',
      generatedAt: new Date().toISOString(),
      environment: machineFacts(),
      settings: { ...SETTINGS, vendors: VENDORS, items: ITEMS, rounds: ROUNDS, links: LINKS, answerBytes },
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
