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
  /** The document of its header component, with the upload it names. */
  document: { id: string; filename: string; upload: ReceivedMedia } | null;
}

/** A file uploaded to `POST /{phone-number-id}/media`, as the fake received it. */
export interface ReceivedMedia {
  id: string;
  phoneNumberId: string;
  /** The `type` field sent with it (the MIME type). */
  type: string;
  fileName: string;
  /** The file part's own content type. */
  contentType: string;
  bytes: Buffer;
}

export interface TestGraphApi {
  /** The API base to give the server as WHATSAPP_API_URL. */
  url: string;
  messages: ReceivedTemplate[];
  /** Files uploaded, by media id. */
  media: Map<string, ReceivedMedia>;
  /** Every request's status, accepted or not, in order. */
  answered: number[];
  /** The access token every call must carry (401 otherwise). */
  token: string;
  /** The statuses the next calls answer, one each, before accepting again (429, 500, 503…). */
  failNext(...statuses: number[]): void;
  /** The statuses the next media uploads answer, before any failNext ones. */
  failUploadsNext(...statuses: number[]): void;
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
    components?: Array<{
      type?: string;
      parameters?: Array<{ type?: string; text?: string; document?: { id?: string; filename?: string } }>;
    }>;
  };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The multipart form of an upload, parsed as the platform parses one. */
async function readForm(request: IncomingMessage): Promise<FormData> {
  const body = await readBody(request);
  return new Response(body, {
    headers: { 'content-type': request.headers['content-type'] ?? '' },
  }).formData();
}

const graphError = (message: string, code: number) =>
  JSON.stringify({ error: { message, type: 'OAuthException', code } });

/** An upload checked as the Cloud API checks one, kept under a new media id: the status and body to answer. */
async function takeUpload(
  request: IncomingMessage,
  phoneNumberId: string,
  media: Map<string, ReceivedMedia>,
): Promise<[number, string]> {
  const form = await readForm(request).catch(() => null);
  const file = form?.get('file');
  const type = form?.get('type');
  if (form?.get('messaging_product') !== 'whatsapp' || typeof type !== 'string' || !(file instanceof File))
    return [400, graphError('Invalid parameter', 100)];
  const id = String(1_000_000_000_000 + media.size);
  const bytes = Buffer.from(await file.arrayBuffer());
  media.set(id, { id, phoneNumberId, type, fileName: file.name, contentType: file.type, bytes });
  return [200, JSON.stringify({ id })];
}

/**
 * A local stand-in for Meta's Graph API on 127.0.0.1 (a random port), with the Bearer token:
 * `POST /{phone-number-id}/media` takes a multipart upload (`messaging_product=whatsapp`, `type`,
 * `file`) and answers its media id; `POST /{phone-number-id}/messages` takes template messages (a
 * header document must name an uploaded media id) and answers a `wamid.` id, as the Cloud API does.
 */
export async function startTestGraphApi(token = 'EAAG-test-access-token-0001'): Promise<TestGraphApi> {
  const messages: ReceivedTemplate[] = [];
  const media = new Map<string, ReceivedMedia>();
  const answered: number[] = [];
  const failures: number[] = [];
  const uploadFailures: number[] = [];
  const waiters: Array<() => void> = [];
  const server = createServer((request, response) => {
    const respond = (status: number, body: string) => {
      answered.push(status);
      response.writeHead(status, { 'content-type': 'application/json' }).end(body);
    };
    const match = /^\/v\d+\.\d+\/(\d+)\/(messages|media)$/.exec(request.url ?? '');
    if (request.method !== 'POST' || !match) return respond(404, graphError('Unknown path', 100));
    if (request.headers.authorization !== `Bearer ${token}`)
      return respond(401, graphError('Invalid OAuth access token', 190));
    const phoneNumberId = match[1]!;
    const failure = (match[2] === 'media' ? uploadFailures.shift() : undefined) ?? failures.shift();
    if (failure !== undefined) {
      const text = failure === 429 ? 'Too many messages sent from this phone number' : 'Service unavailable';
      return respond(failure, graphError(text, failure === 429 ? 131056 : 2));
    }
    if (match[2] === 'media') {
      void takeUpload(request, phoneNumberId, media).then(([status, body]) => respond(status, body));
      return;
    }
    readBody(request).then(
      (raw) => {
        let body: SendBody;
        try {
          body = JSON.parse(raw.toString('utf8')) as SendBody;
        } catch {
          return respond(400, graphError('Malformed JSON', 100));
        }
        const component = body.template?.components?.find((part) => part.type === 'body');
        const header = body.template?.components?.find((part) => part.type === 'header');
        const document = header?.parameters?.find((parameter) => parameter.type === 'document')?.document;
        const upload = document?.id ? media.get(document.id) : undefined;
        if (
          body.messaging_product !== 'whatsapp' ||
          body.type !== 'template' ||
          !body.to ||
          !body.template?.name ||
          (header && !upload)
        )
          return respond(400, graphError('Invalid parameter', 100));
        const id = `wamid.${randomUUID().replaceAll('-', '')}`;
        messages.push({
          id,
          phoneNumberId,
          to: body.to,
          template: body.template.name,
          language: body.template.language?.code ?? '',
          parameters: (component?.parameters ?? []).map((parameter) => parameter.text ?? ''),
          document: upload ? { id: upload.id, filename: document?.filename ?? '', upload } : null,
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
      () => respond(400, graphError('Unreadable body', 100)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v21.0`,
    messages,
    media,
    answered,
    token,
    failNext: (...statuses) => failures.push(...statuses),
    failUploadsNext: (...statuses) => uploadFailures.push(...statuses),
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
