import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer, type TestUser } from './harness.ts';
import { saveEmailSettings, startTestSmtp } from './smtp.ts';
import { startTestGraphApi, type TestGraphApi } from './whatsapp-graph.ts';

export const PHONE_NUMBER_ID = '109876543210';
export const APP_SECRET = 'meta-app-secret-7f3a9c';
export const VERIFY_TOKEN = 'trowel-verify-token-2e81';

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

/** Calls of the WhatsApp routes as a person, answered parsed. */
export function whatsappCalls(server: TestServer) {
  const call = (method: Method, url: string, who: TestUser | null, payload?: unknown) =>
    server.app.inject({
      method,
      url,
      ...(who ? { headers: who.auth } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    call,
    configure: (admin: TestUser, graph: TestGraphApi) =>
      call('PUT', '/api/admin/settings/whatsapp', admin, {
        whatsapp_phone_number_id: PHONE_NUMBER_ID,
        whatsapp_business_account_id: '20304050607',
        whatsapp_access_token: graph.token,
        whatsapp_app_secret: APP_SECRET,
        whatsapp_verify_token: VERIFY_TOKEN,
      }),
    /** Asks for a code, lets the worker send it and answers the code the fake Graph API received. */
    async receiveCode(graph: TestGraphApi, who: TestUser, phone: string) {
      // Counted before asking: the worker may send the code before the answer comes back.
      const before = graph.messages.length;
      const asked = await call('POST', '/api/notifications/whatsapp/code', who, { phone });
      if (asked.statusCode !== 200) throw new Error(`code not asked: ${asked.body}`);
      await server.worker!.drain();
      const message = (await graph.waitFor(before + 1))[before]!;
      return message.parameters[0]!;
    },
    /** A person with a verified number (project updates on, as after a first verification). */
    async optIn(graph: TestGraphApi, who: TestUser, phone: string) {
      const code = await this.receiveCode(graph, who, phone);
      const verified = await call('POST', '/api/notifications/whatsapp/verify', who, { code });
      if (verified.statusCode !== 200) throw new Error(`not verified: ${verified.body}`);
    },
    /** Jobs waiting for their next attempt are due now (the backoff is seconds to minutes). */
    async retryNow() {
      await server.ctx.db.execute(sql`update jobs set run_after = now() where status = 'queued'`);
      await server.worker!.drain();
    },
  };
}

/**
 * A test server that sends WhatsApp messages to a fake Graph API and email to an SMTP sink, both set up
 * by an administrator; a quantity surveyor to send RFQs.
 */
export async function startWhatsappWorld() {
  const graph = await startTestGraphApi();
  const smtp = await startTestSmtp();
  const server = await startTestServer({
    WHATSAPP_API_URL: graph.url,
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://trowel.example.ng',
  });
  const admin = await server.user('admin');
  const qs = await server.user('quantity_surveyor');
  const kit = whatsappCalls(server);
  await kit.configure(admin, graph);
  await saveEmailSettings(server, admin);
  return {
    graph,
    smtp,
    server,
    admin,
    qs,
    kit,
    async stop() {
      await server.stop();
      await graph.close();
      await smtp.close();
    },
  };
}
