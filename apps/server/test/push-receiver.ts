import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { pushPayload, type PushPayload } from '@trowel/shared/push/push.schemas.ts';

/** A device as a browser makes one: a P-256 key pair and an auth secret, its endpoint on the receiver. */
export interface TestDevice {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Pushes this device got, decrypted with its own keys. */
  received: Array<{ payload: PushPayload; topic: string | undefined; ttl: string | undefined }>;
  /** The status the receiver answers for this device (201; 410 once it is gone; 500 to fail). */
  answer: number;
  /** Statuses answered to the next pushes, one each, before `answer` (a push service busy for a while). */
  failing: number[];
}

export interface PushReceiver {
  origin: string;
  device(): TestDevice;
  /** Every push the receiver took, in order. */
  total(): number;
  /** How many requests were answered with each status. */
  answered(): Record<number, number>;
  /** performance.now() when the last push was taken (0 before the first). */
  lastTakenAt(): number;
  close(): Promise<void>;
}

/**
 * Whether an Authorization header is what a push service accepts (RFC 8292): `vapid t=<JWT>, k=<key>`,
 * the JWT signed ES256 by that P-256 public key, for this origin, expiring within 24 hours.
 */
function validVapid(authorization: string | undefined, origin: string): boolean {
  const match = authorization?.match(/^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/);
  if (!match) return false;
  const [, header, claims, signature, key] = match as unknown as [string, string, string, string, string];
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return false;
  const publicKey = createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
  });
  const signed = Buffer.from(`${header}.${claims}`);
  const bytes = Buffer.from(signature, 'base64url');
  if (!verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, bytes)) return false;
  const { aud, exp } = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud?: string;
    exp?: number;
  };
  const now = Date.now() / 1000;
  return aud === origin && typeof exp === 'number' && exp > now && exp <= now + 24 * 3600;
}

/**
 * A push service on loopback for tests: it checks the VAPID authorization (a push service answers 403
 * to a push it cannot verify), decrypts each
 * aes128gcm body with the device's private key and auth secret (RFC 8291, via http_ece) and checks
 * it against the shared payload schema, as the browser's service worker would see it.
 */
export async function startPushReceiver(): Promise<PushReceiver> {
  const devices = new Map<string, TestDevice & { ecdh: ECDH }>();
  let total = 0;
  let lastTakenAt = 0;
  const answered: Record<number, number> = {};
  const answer = (response: http.ServerResponse, status: number) => {
    answered[status] = (answered[status] ?? 0) + 1;
    response.writeHead(status).end();
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const device = devices.get(request.url ?? '');
      if (!device) return answer(response, 404);
      const status = device.failing.shift() ?? device.answer;
      if (status >= 300) return answer(response, status);
      if (!validVapid(request.headers.authorization, origin)) return answer(response, 403);
      const plain = decrypt(Buffer.concat(chunks), {
        version: 'aes128gcm',
        privateKey: device.ecdh,
        authSecret: device.subscription.keys.auth,
      });
      total++;
      lastTakenAt = performance.now();
      device.received.push({
        payload: pushPayload.parse(JSON.parse(plain.toString('utf8'))),
        topic: request.headers.topic as string | undefined,
        ttl: request.headers.ttl as string | undefined,
      });
      answer(response, 201);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    device() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const path = `/push/${randomBytes(8).toString('hex')}`;
      const device = {
        ecdh,
        subscription: {
          endpoint: `${origin}${path}`,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: randomBytes(16).toString('base64url'),
          },
        },
        received: [],
        answer: 201,
        failing: [],
      };
      devices.set(path, device);
      return device;
    },
    total: () => total,
    answered: () => ({ ...answered }),
    lastTakenAt: () => lastTakenAt,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
