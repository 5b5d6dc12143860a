import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { ROLES, type Role } from '@trowel/shared/auth/roles.ts';
import { queryRows } from '../../src/db/raw.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE } from '../../src/seed/demo-people.ts';
import { EXPECTED_ACCESS } from '../expected-access.ts';
import { startTestServer, type TestServer } from '../harness.ts';
import { withRouteList, type ApiRoute } from '../route-list.ts';
import { startTestSmtp, type TestSmtp } from '../smtp.ts';

/** Each role's documented demo account: the first of that role in the seed's list. */
function demoAccount(role: Role): string {
  const person = DEMO_PEOPLE.find((candidate) => candidate.role === role);
  if (!person) throw new Error(`The demo company has nobody of role ${role}`);
  return person.email;
}

export type Actor = Role | 'anonymous';

/**
 * The demo company on a test server (no job worker: nothing changes behind the fuzz's back; mail to a
 * local SMTP server, so the test email has somewhere to go), the demo accounts signed in, and one of
 * each thing a route's path can name, made through the API where the demo has none.
 */
export interface FuzzWorld {
  server: TestServer;
  smtp: TestSmtp;
  routes: ApiRoute[];
  auth: Record<Role, string>;
  /** Named ids: project, editProject, phase, task, log, reply, budget.<status>, rfq, vendor, … */
  ids: Record<string, string>;
  /** Ids of things that exist, by the kind a field's name says it holds: what uuid fields are drawn from. */
  idsFor(fieldName: string): readonly string[];
  stop(): Promise<void>;
}

/** The id the query finds; an id of nothing when `optional` and it finds none (the route then answers 404). */
async function one(server: TestServer, text: string, optional = false): Promise<string> {
  const rows = await queryRows<{ id: string }>(server.ctx.db, sql.raw(text));
  if (rows[0]) return rows[0].id;
  if (optional) return randomUUID();
  throw new Error(`The fuzz's world needs what this finds in the demo company: ${text}`);
}

export async function buildFuzzWorld(): Promise<FuzzWorld> {
  const smtp = await startTestSmtp();
  const { started: server, routes } = await withRouteList(() =>
    startTestServer({ SEED_DEMO: 'true', RUN_WORKER: 'false', SMTP_URL: smtp.url }),
  );
  const auth = Object.fromEntries(
    await Promise.all(
      ROLES.map(async (role) => [role, `Bearer ${await server.login(demoAccount(role), DEMO_PASSWORD)}`]),
    ),
  ) as Record<Role, string>;

  const ids: Record<string, string> = {};
  const q = (text: string, optional = false) => one(server, text, optional);
  const ledByLead = `select p.id from projects p join users l on l.id = p.project_lead_id
    where l.email = '${demoAccount('project_lead')}' and p.status = 'in_progress'`;
  // Where logs, requests and media go; and another, whose details, phases and tasks the fuzz edits.
  ids.project = await q(`${ledByLead} order by p.title limit 1`);
  ids.editProject = await q(`${ledByLead} and p.id <> '${ids.project}' order by p.title limit 1`);
  ids.phase = await q(
    `select id from phases where project_id = '${ids.editProject}' order by position limit 1`,
  );
  ids.task = await q(`select id from tasks where phase_id = '${ids.phase}' limit 1`);
  for (const status of ['pending_qs', 'pending_accountant', 'pending_admin', 'revision_needed', 'approved']) {
    ids[`budget.${status}`] = await q(`select id from budgets where status = '${status}' limit 1`, true);
  }
  ids.inventoryItem = await q(`select id from inventory_items order by name limit 1`);
  ids.rfq = await q(`select id from rfqs limit 1`);
  ids.vendor = await q(
    `select v.id from vendors v join users u on u.id = v.user_id where u.email = '${demoAccount('vendor')}'`,
  );
  ids.otherVendor = await q(
    `select v.id from vendors v join users u on u.id = v.user_id where u.email <> '${demoAccount('vendor')}'
     order by v.name limit 1`,
  );
  ids.person = await q(`select id from users where email = '${demoAccount('team_member')}'`);
  ids.admin = await q(`select id from users where email = '${demoAccount('admin')}'`);

  const call = async (role: Role, method: 'POST' | 'PUT', url: string, payload: object) => {
    const answer = await server.app.inject({ method, url, headers: { authorization: auth[role] }, payload });
    if (answer.statusCode >= 300) throw new Error(`${method} ${url}: ${answer.statusCode} ${answer.body}`);
    return answer.json<Record<string, { id: string }>>();
  };
  // Whose path the PUT of a person names: someone made for it, so the fuzz edits nobody who acts.
  ids.editPerson = (
    await call('admin', 'POST', '/api/users', {
      name: 'Fuzz Target',
      email: 'fuzz.target@trowel.test',
      password: 'secret123',
      role: 'team_member',
    })
  ).user!.id;
  ids.log = (
    await call('project_lead', 'POST', '/api/daily-logs', {
      projectId: ids.project,
      title: 'Slab poured',
      message: 'Second-floor slab poured and cured.',
    })
  ).dailyLog!.id;
  ids.reply = (
    await call('admin', 'POST', `/api/daily-logs/${ids.log}/replies`, { message: 'Noted.' })
  ).reply!.id;
  ids.materialRequest = (
    await call('project_lead', 'POST', '/api/material-requests', {
      projectId: ids.project,
      items: [{ name: 'Cement 42.5R', quantity: 20 }],
    })
  ).materialRequest!.id;
  ids.inventoryRequest = (
    await call('project_lead', 'POST', '/api/inventory/requests', {
      inventoryItemId: ids.inventoryItem,
      projectId: ids.project,
      quantityRequested: 1,
    })
  ).request!.id;
  const rfqItems = await queryRows<{ id: string }>(
    server.ctx.db,
    sql`select id from rfq_items where rfq_id = ${ids.rfq}`,
  );
  await call('vendor', 'POST', `/api/rfqs/${ids.rfq}/responses`, {
    items: rfqItems.map((item) => ({ itemId: item.id, unitPrice: 5000 })),
    notes: 'Delivery in a week',
  });
  ids.negotiation = (
    await call('quantity_surveyor', 'POST', `/api/rfqs/${ids.rfq}/negotiate`, {
      vendorId: ids.vendor,
      items: rfqItems.map((item) => ({ itemId: item.id, negotiatedUnitPrice: 4500 })),
      negotiationNotes: 'Can you do better?',
    })
  ).negotiation!.id;
  ids.changeOrder = (
    await call('project_manager', 'POST', `/api/projects/${ids.editProject}/change-orders`, {
      description: 'Extra boys quarters',
      reason: 'Asked on site',
      items: [{ description: 'Blockwork', quantity: 10, unit: 'm2', unitPrice: 12_500 }],
    })
  ).changeOrder!.id;
  // The order of the RFQ at the vendor's quote: what deliveries, their list and the cancel are sent against.
  ids.purchaseOrder = (await server.ctx.purchaseOrders.createForApprovedRfq({
    rfqId: ids.rfq,
    vendorId: ids.vendor,
    approvedBy: ids.admin,
  }))!.id;
  // An invoice on it for the whole order, before anything came: disputed, for the decisions and payments.
  ids.invoice = (
    await call('accountant', 'POST', `/api/purchase-orders/${ids.purchaseOrder}/invoices`, {
      invoiceNumber: 'FUZZ-1',
      invoiceDate: '2026-11-20',
      items: rfqItems.map((item) => ({ itemId: item.id, quantity: 1, unitPrice: 5000 })),
    })
  ).invoice!.id;
  ids.notification = await q(
    `select n.id from notifications n join notification_recipients r on r.notification_id = n.id
     where r.user_id = (select id from users where email = '${demoAccount('vendor')}') limit 1`,
  );
  ids.unknown = randomUUID();

  const idsOf = async (text: string) =>
    (await queryRows<{ id: string }>(server.ctx.db, sql.raw(text))).map((row) => row.id);
  const kinds: Array<[RegExp, string[]]> = [
    [/lead/i, await idsOf(`select id from users where role in ('project_lead', 'architect')`)],
    [/client/i, await idsOf(`select id from users where role = 'client'`)],
    [/vendor/i, await idsOf(`select id from vendors`)],
    [/project/i, await idsOf(`select id from projects`)],
    [/inventory/i, await idsOf(`select id from inventory_items`)],
    [/item/i, await idsOf(`select id from rfq_items`)],
    [/negotiation/i, await idsOf(`select id from negotiations`)],
    [/phase/i, await idsOf(`select id from phases`)],
    [/task/i, await idsOf(`select id from tasks`)],
    [/reply|parent/i, await idsOf(`select id from daily_log_replies`)],
    [/rfq/i, await idsOf(`select id from rfqs`)],
    [
      /member|assign|user|person|recipient/i,
      await idsOf(`select id from users where role not in ('client', 'vendor')`),
    ],
  ];
  const everything = [...new Set([...Object.values(ids), ...kinds.flatMap(([, found]) => found)])];
  return {
    server,
    smtp,
    routes: routes.filter((route) => route.key in EXPECTED_ACCESS),
    auth,
    ids,
    idsFor: (fieldName) =>
      kinds.find(([name, found]) => name.test(fieldName) && found.length > 0)?.[1] ?? everything,
    async stop() {
      await server.stop();
      await smtp.close();
    },
  };
}
