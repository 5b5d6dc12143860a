import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';

/** A template message as the fake Graph API received it. */
export interface ReceivedTemplate {
  id: string;
  phoneNumberId: string;
  to: string;
  template: string;
  language: string;
  parameters: string[];
}

export interface TestGraphApi {
  /** The API base to give the server as WHATSAPP_API_URL. */
  url: string;
  messages: ReceivedTemplate[];
  /** Every request's status, accepted or not, in order. */
  answered: number[];
  /** The access token every call must carry (401 otherwise). */
  token: string;
  /** The statuses the next calls answer, one each, before accepting again (429, 500, 503…). */
  failNext(...statuses: number[]): void;
  /** Resolves once `count` messages in all were accepted (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedTemplate[]>;
  close(): Promise<void>;
}

interface SendBody {
  messaging_product?: string;
  to?: string;
  type?: string;
  template?: {
    name?: string;
    language?: { code?: string };
    components?: Array<{ type?: string; parameters?: Array<{ type?: string; text?: string }> }>;
  };
}

async function readJson(request: IncomingMessage): Promise<SendBody> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as SendBody;
}

const graphError = (message: string, code: number) =>
  JSON.stringify({ error: { message, type: 'OAuthException', code } });

/**
 * A local stand-in for Meta's Graph API on 127.0.0.1 (a random port): `POST /{phone-number-id}/messages`
 * with the Bearer token takes template messages and answers a `wamid.` id, as the Cloud API does.
 */
export async function startTestGraphApi(token = 'EAAG-test-access-token-0001'): Promise<TestGraphApi> {
  const messages: ReceivedTemplate[] = [];
  const answered: number[] = [];
  const failures: number[] = [];
  const waiters: Array<() => void> = [];
  const server = createServer((request, response) => {
    const respond = (status: number, body: string) => {
      answered.push(status);
      response.writeHead(status, { 'content-type': 'application/json' }).end(body);
    };
    const match = /^\/v\d+\.\d+\/(\d+)\/messages$/.exec(request.url ?? '');
    if (request.method !== 'POST' || !match) return respond(404, graphError('Unknown path', 100));
    if (request.headers.authorization !== `Bearer ${token}`)
      return respond(401, graphError('Invalid OAuth access token', 190));
    const failure = failures.shift();
    if (failure !== undefined) {
      const text = failure === 429 ? 'Too many messages sent from this phone number' : 'Service unavailable';
      return respond(failure, graphError(text, failure === 429 ? 131056 : 2));
    }
    readJson(request).then(
      (body) => {
        const component = body.template?.components?.find((part) => part.type === 'body');
        if (
          body.messaging_product !== 'whatsapp' ||
          body.type !== 'template' ||
          !body.to ||
          !body.template?.name
        )
          return respond(400, graphError('Invalid parameter', 100));
        const id = `wamid.${randomUUID().replaceAll('-', '')}`;
        messages.push({
          id,
          phoneNumberId: match[1]!,
          to: body.to,
          template: body.template.name,
          language: body.template.language?.code ?? '',
          parameters: (component?.parameters ?? []).map((parameter) => parameter.text ?? ''),
        });
        respond(
          200,
          JSON.stringify({
            messaging_product: 'whatsapp',
            contacts: [{ input: body.to, wa_id: body.to }],
            messages: [{ id }],
          }),
        );
        for (const wake of waiters.splice(0)) wake();
      },
      () => respond(400, graphError('Malformed JSON', 100)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v21.0`,
    messages,
    answered,
    token,
    failNext: (...statuses) => failures.push(...statuses),
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} WhatsApp messages, got ${messages.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return messages;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
