import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNaira } from '@trowel/shared/money/format.ts';
import type { RfqAnswer } from '@trowel/shared/procurement/rfq.schemas.ts';
import { WHATSAPP_TEMPLATES } from '@trowel/shared/whatsapp/whatsapp-templates.ts';
import { queryRows } from '../../db/raw.ts';
import type { TestServer, TestUser } from '../../../test/harness.ts';
import { readPdf } from '../../../test/pdf-text.ts';
import {
  insertQuote,
  insertRfq,
  insertVendor,
  makeRfq,
  setStatus,
  type VendorFixture,
} from '../../../test/procurement.ts';
import type { TestSmtp } from '../../../test/smtp.ts';
import type { TestGraphApi } from '../../../test/whatsapp-graph.ts';
import { startWhatsappWorld, type whatsappCalls } from '../../../test/whatsapp.ts';

let world: Awaited<ReturnType<typeof startWhatsappWorld>>;
let graph: TestGraphApi;
let smtp: TestSmtp;
let server: TestServer;
let admin: TestUser;
let qs: TestUser;
let kit: ReturnType<typeof whatsappCalls>;

beforeAll(async () => {
  world = await startWhatsappWorld();
  ({ graph, smtp, server, admin, qs, kit } = world);
});
afterAll(() => world.stop());

/** Runs every job due, and those the first run queued (a fallback email). */
async function settle() {
  await server.worker!.drain();
  await server.worker!.drain();
}

describe('an RFQ sent to vendors', () => {
  it('reaches vendors without a verified number, or with project updates off, by email and never on WhatsApp; one who opted in on WhatsApp and by the notification email', async () => {
    const [optedIn, never, unverified, turnedOff] = await Promise.all(
      Array.from({ length: 4 }, () => insertVendor(server)),
    );
    await kit.optIn(graph, optedIn!, '08035552001');
    // Asked for a code, never entered it: the number is not verified.
    await kit.receiveCode(graph, unverified!, '08035552002');
    await kit.optIn(graph, turnedOff!, '08035552003');
    const off = await kit.call('PUT', '/api/notifications/whatsapp', turnedOff!, {
      projectUpdates: false,
    });
    expect(off.statusCode).toBe(200);
    const messagesBefore = graph.messages.length;
    const mailsBefore = smtp.messages.length;

    const vendors = [optedIn!, never!, unverified!, turnedOff!];
    const rfq = await makeRfq(
      server,
      qs,
      vendors.map((vendor) => vendor.vendorId),
    );
    expect((await setStatus(server, qs, rfq.id, { status: 'pending_vendor_response' })).statusCode).toBe(200);
    await settle();

    // WhatsApp: the one vendor who opted in, with their own invitation.
    const sent = graph.messages.slice(messagesBefore);
    expect(sent.map(({ to, template }) => [to, template])).toEqual([
      ['2348035552001', WHATSAPP_TEMPLATES.rfq_invitation.name],
    ]);
    expect(sent[0]!.parameters[0]).toBe(optedIn!.name);

    // Email: the RFQ's notification to every vendor, as every notification is emailed, through SMTP.
    const mails = (await smtp.waitFor(mailsBefore + vendors.length)).slice(mailsBefore);
    for (const vendor of vendors) {
      const received = mails.filter((mail) => mail.to.includes(vendor.email));
      expect(
        received.map((mail) => mail.subject),
        vendor.email,
      ).toEqual(['New Request for Quotation']);
      expect(received[0]!.text).toContain(`RFQ #${rfq.number} "${rfq.title}"`);
      expect(received[0]!.text).toContain(`https://trowel.example.ng/rfqs/${rfq.id}`);
    }
    // WhatsApp took the invitation, so no fallback invitation with a one-time link went by email.
    expect(mails.some((mail) => mail.subject.startsWith('Request for quotation'))).toBe(false);
  });
});

describe('a purchase order issued', () => {
  /** An RFQ the vendor quoted, approved by the administrator: its order is issued to the vendor. */
  async function awardTo(vendor: VendorFixture) {
    const rfq = await insertRfq(server, qs, [vendor]);
    await insertQuote(server, rfq, vendor, [5000, 80_000]);
    for (const [who, status] of [
      [qs, 'pending_admin_approval'],
      [admin, 'approved'],
    ] as const) {
      const stepped = await setStatus(server, who, rfq.id, { status, vendorId: vendor.vendorId });
      expect(stepped.statusCode, stepped.body).toBe(200);
    }
    const detail = await server.app.inject({ method: 'GET', url: `/api/rfqs/${rfq.id}`, headers: qs.auth });
    return { rfq, order: detail.json<RfqAnswer>().rfq.purchaseOrder! };
  }

  const orderMessages = (to: string) =>
    graph.messages.filter(
      (message) => message.to === to && message.template === WHATSAPP_TEMPLATES.purchase_order_issued.name,
    );

  it('reaches the vendor on WhatsApp with the order’s PDF as the template’s document header', async () => {
    const vendor = await insertVendor(server, { name: 'Ikeja Blocks Ltd' });
    await kit.optIn(graph, vendor, '08035552101');
    const { rfq, order } = await awardTo(vendor);
    await settle();

    const [message, ...more] = orderMessages('2348035552101');
    expect(more).toEqual([]);
    expect(message!.parameters).toEqual([
      `You were awarded "${rfq.title}": purchase order ${order.poNumber} for ${formatNaira(740_000)}.`,
      `https://trowel.example.ng/purchase-orders/${order.id}`,
    ]);
    const document = message!.document!;
    expect(document.filename).toBe(`${order.poNumber}.pdf`);
    expect(document.upload).toMatchObject({
      type: 'application/pdf',
      contentType: 'application/pdf',
      fileName: `${order.poNumber}.pdf`,
    });
    expect(document.upload.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await readPdf(document.upload.bytes);
    expect(pdf.title).toBe(`Purchase order ${order.poNumber}`);
    const texts = pdf.pages.flatMap((page) => page.texts).join('\n');
    expect(texts).toContain('Ikeja Blocks Ltd');
    expect(texts).toContain(rfq.items[0]!.name);
    // The vendor's other message of the approval (their quotation selected) carries no document.
    const approval = graph.messages.filter(
      (sent) => sent.to === '2348035552101' && sent.template !== WHATSAPP_TEMPLATES.verification_code.name,
    );
    expect(approval.map((sent) => [sent.template, sent.document !== null]).sort()).toEqual([
      [WHATSAPP_TEMPLATES.final_approval.name, false],
      [WHATSAPP_TEMPLATES.purchase_order_issued.name, true],
    ]);
  });

  it('retries an upload refused with 429 or 5xx as any send, and keeps one refused for good as failed', async () => {
    const vendor = await insertVendor(server);
    await kit.optIn(graph, vendor, '08035552202');
    const uploads = graph.media.size;
    const answered = graph.answered.length;
    graph.failUploadsNext(503, 429);
    const { order } = await awardTo(vendor);
    await settle();
    expect(orderMessages('2348035552202')).toEqual([]);
    const [waiting] = await queryRows<{ attempts: number; delay: number; status: string }>(
      server.ctx.db,
      sql`select attempts, status, extract(epoch from run_after - now())::int as delay from jobs
          where type = 'whatsapp-notification' and payload->'document'->>'id' = ${order.id}`,
    );
    expect(waiting).toMatchObject({ attempts: 1, status: 'queued' });
    expect(waiting!.delay).toBeGreaterThan(5);
    await kit.retryNow();
    await kit.retryNow();
    const [message, ...more] = orderMessages('2348035552202');
    expect(more).toEqual([]);
    expect(message!.document?.filename).toBe(`${order.poNumber}.pdf`);
    // Two uploads refused, the third taken; the message left once, after it.
    expect(graph.media.size).toBe(uploads + 1);
    expect(graph.answered.slice(answered).filter((status) => status !== 200)).toEqual([503, 429]);

    const refused = await insertVendor(server);
    await kit.optIn(graph, refused, '08035552303');
    graph.failUploadsNext(400);
    await awardTo(refused);
    await settle();
    await kit.retryNow();
    expect(orderMessages('2348035552303')).toEqual([]);
    const [failed] = await queryRows<{ status: string; error: string }>(
      server.ctx.db,
      sql`select status, error from whatsapp_messages
          where user_id = ${refused.id} and event = 'purchase_order_issued'`,
    );
    expect(failed?.status).toBe('failed');
    expect(failed?.error).toMatch(/^WHATSAPP_UPLOAD_FAILED \(400\)/);
  });
});
