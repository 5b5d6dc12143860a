import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WHATSAPP_TEMPLATES } from '@trowel/shared/whatsapp/whatsapp-templates.ts';
import type { TestServer, TestUser } from '../../../test/harness.ts';
import { makeRfq, makeVendor, setStatus } from '../../../test/procurement.ts';
import type { TestSmtp } from '../../../test/smtp.ts';
import type { TestGraphApi } from '../../../test/whatsapp-graph.ts';
import { APP_SECRET, VERIFY_TOKEN, startWhatsappWorld, type whatsappCalls } from '../../../test/whatsapp.ts';

let world: Awaited<ReturnType<typeof startWhatsappWorld>>;
let graph: TestGraphApi;
let smtp: TestSmtp;
let server: TestServer;
let qs: TestUser;
let kit: ReturnType<typeof whatsappCalls>;

beforeAll(async () => {
  world = await startWhatsappWorld();
  ({ graph, smtp, server, qs, kit } = world);
});
afterAll(() => world.stop());

const sign = (body: string, secret = APP_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

const report = (id: string, status: string, timestamp: number) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '20304050607',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              statuses: [{ id, status, timestamp: String(timestamp), recipient_id: '2348035550909' }],
            },
          },
        ],
      },
    ],
  });

const post = (body: string, signature?: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/webhooks/whatsapp',
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'x-hub-signature-256': signature } : {}),
    },
    payload: body,
  });

describe('the delivery-report webhook', () => {
  it('answers Meta’s handshake with the challenge only for the saved verify token', async () => {
    const url = (token: string) =>
      `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`;
    const right = await server.app.inject({ method: 'GET', url: url(VERIFY_TOKEN) });
    expect(right.statusCode).toBe(200);
    expect(right.body).toBe('1158201444');
    expect((await server.app.inject({ method: 'GET', url: url('guess') })).statusCode).toBe(403);
  });

  it('refuses reports that are unsigned (401) or signed with another secret (403), and records none', async () => {
    const body = report('wamid.unknown', 'delivered', 1_764_000_000);
    expect((await post(body)).statusCode).toBe(401);
    expect((await post(body, sign(body, 'another-secret'))).statusCode).toBe(403);
    expect((await post(body, sign(`${body} `))).statusCode).toBe(403);
    const signed = await post(body, sign(body));
    expect(signed.statusCode).toBe(200);
    expect(signed.json().recorded).toBe(0);
  });
});

describe('an RFQ sent to vendors', () => {
  it('goes on WhatsApp to each vendor who opted in, with their own one-time link; the others by email', async () => {
    const onWhatsApp = await makeVendor(server, qs, { contactPerson: 'Chidi Okafor' });
    const byEmail = await makeVendor(server, qs);
    await kit.optIn(graph, onWhatsApp.user, '08035550909');
    const before = graph.messages.length;
    const rfq = await makeRfq(server, qs, [onWhatsApp.vendor.id, byEmail.vendor.id]);
    expect((await setStatus(server, qs, rfq.id, { status: 'pending_vendor_response' })).statusCode).toBe(200);
    await server.worker!.drain();

    const sent = graph.messages.slice(before);
    expect(sent).toHaveLength(1);
    const [invitation] = sent;
    expect(invitation).toMatchObject({
      to: '2348035550909',
      template: WHATSAPP_TEMPLATES.rfq_invitation.name,
    });
    expect(invitation!.parameters.slice(0, 2)).toEqual(['Chidi Okafor', `RFQ #${rfq.number} "${rfq.title}"`]);
    const link = new URL(invitation!.parameters[2]!);
    expect(link.origin + link.pathname).toBe('https://trowel.example.ng/auth/auto-login');
    // The link signs this vendor in, once.
    const token = link.searchParams.get('token')!;
    const used = await server.app.inject({
      method: 'POST',
      url: '/api/auto-login/validate',
      payload: { token },
    });
    expect(used.statusCode).toBe(200);
    expect(used.json().user.id).toBe(onWhatsApp.user.id);
    const again = await server.app.inject({
      method: 'POST',
      url: '/api/auto-login/validate',
      payload: { token },
    });
    expect(again.statusCode).toBe(410);

    // Delivery reports show beside the invitation, for the staff only.
    const status = (who: TestUser) =>
      server.app.inject({ method: 'GET', url: `/api/rfqs/${rfq.id}/whatsapp`, headers: who.auth });
    for (const [state, at] of [
      ['delivered', 1_764_240_120],
      ['read', 1_764_240_300],
      ['delivered', 1_764_240_120],
    ] as const) {
      const body = report(invitation!.id, state, at);
      expect((await post(body, sign(body))).json().recorded).toBe(1);
    }
    const shown = (await status(qs)).json().invitations;
    expect(shown).toEqual([
      expect.objectContaining({
        vendorId: onWhatsApp.vendor.id,
        status: 'read',
        deliveredAt: new Date(1_764_240_120_000).toISOString(),
        readAt: new Date(1_764_240_300_000).toISOString(),
      }),
    ]);
    expect((await status(onWhatsApp.user)).statusCode).toBe(403);
  });

  it('falls back to email with the one-time link when WhatsApp refuses the invitation for good', async () => {
    const vendor = await makeVendor(server, qs, { contactPerson: 'Ngozi Eze' });
    await kit.optIn(graph, vendor.user, '08035551010');
    const mails = smtp.messages.length;
    graph.failNext(400);
    const rfq = await makeRfq(server, qs, [vendor.vendor.id]);
    await setStatus(server, qs, rfq.id, { status: 'pending_vendor_response' });
    await server.worker!.drain();
    await server.worker!.drain();
    const received = await smtp.waitFor(mails + 1);
    const fallback = received.slice(mails).find((mail) => mail.subject.startsWith('Request for quotation'));
    expect(fallback?.to).toEqual([vendor.user.email]);
    expect(fallback?.text).toContain('https://trowel.example.ng/auth/auto-login?token=al_');
    const shown = (
      await server.app.inject({ method: 'GET', url: `/api/rfqs/${rfq.id}/whatsapp`, headers: qs.auth })
    ).json().invitations;
    expect(shown).toEqual([expect.objectContaining({ status: 'failed' })]);
  });
});
