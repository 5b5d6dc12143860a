import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A registration Chromium asked for: the app server key it subscribed with and the token it was given. */
export interface PushRegistration {
  sender: string;
  token: string;
  /** The browser's instance id for the subscription (`appid`), which an unsubscription names. */
  instance: string;
}

export interface PushRegistrationService {
  /** The command-line switches that send Chromium's push registrations here instead of Google's. */
  chromiumArgs: string[];
  registrations: PushRegistration[];
  /** Tokens Chromium gave back (a subscription dropped). */
  deleted: string[];
  close(): Promise<void>;
}

/** A protobuf field of wire type 0 (varint, here one byte) or 1 (fixed 64 bits). */
const varintField = (field: number, value: number) => Buffer.from([(field << 3) | 0, value]);
function fixed64Field(field: number, value: bigint) {
  const bytes = Buffer.alloc(9);
  bytes[0] = (field << 3) | 1;
  bytes.writeBigUInt64LE(value, 1);
  return bytes;
}

/**
 * Stands in for the two calls of Google's push service that a subscription makes in Chromium (its
 * GCM client, pointed here by `--gcm-checkin-url` and `--gcm-registration-url`): the device check-in,
 * answered with a device id and security token (AndroidCheckinResponse: stats_ok, android_id,
 * security_token), and the registration of a subscription, answered `token=…`, from which Chromium
 * makes the subscription's endpoint on FCM. Deleting a token is answered the same way. Delivering
 * pushes back to the browser (Google's persistent MCS connection) is not stood in for.
 */
export async function startPushRegistrationService(): Promise<PushRegistrationService> {
  const registrations: PushRegistration[] = [];
  const deleted: string[] = [];
  let issued = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/checkin') {
        response.writeHead(200, { 'content-type': 'application/x-protobuf' });
        return response.end(
          Buffer.concat([
            varintField(1, 1),
            fixed64Field(7, 4_815_162_342n),
            fixed64Field(8, 1_123_581_321n),
          ]),
        );
      }
      if (request.url !== '/register') return response.writeHead(404).end();
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const sender = form.get('sender') ?? '';
      let token: string;
      const instance = form.get('appid') ?? '';
      if (form.get('delete') === 'true') {
        // An unsubscription drops its instance's tokens (sender `*`).
        const dropped = registrations.filter(
          (made) => made.instance === instance && (sender === '*' || made.sender === sender),
        );
        deleted.push(...dropped.map((made) => made.token));
        token = dropped[0]?.token ?? '';
      } else {
        token = `trowel-e2e-${++issued}`;
        registrations.push({ sender, token, instance });
      }
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(`token=${token}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    chromiumArgs: [`--gcm-checkin-url=${origin}/checkin`, `--gcm-registration-url=${origin}/register`],
    registrations,
    deleted,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
