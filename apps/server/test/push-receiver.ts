import { createECDH, randomBytes, type ECDH } from 'node:crypto';
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
}

export interface PushReceiver {
  origin: string;
  device(): TestDevice;
  /** Every push the receiver took, in order. */
  total(): number;
  close(): Promise<void>;
}

/**
 * A push service on loopback for tests: it reads the VAPID authorization's presence, decrypts each
 * aes128gcm body with the device's private key and auth secret (RFC 8291, via http_ece) and checks
 * it against the shared payload schema, as the browser's service worker would see it.
 */
export async function startPushReceiver(): Promise<PushReceiver> {
  const devices = new Map<string, TestDevice & { ecdh: ECDH }>();
  let total = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const device = devices.get(request.url ?? '');
      if (!device) return response.writeHead(404).end();
      if (device.answer >= 300) return response.writeHead(device.answer).end();
      if (!String(request.headers.authorization).startsWith('vapid t=')) return response.writeHead(401).end();
      const plain = decrypt(Buffer.concat(chunks), {
        version: 'aes128gcm',
        privateKey: device.ecdh,
        authSecret: device.subscription.keys.auth,
      });
      total++;
      device.received.push({
        payload: pushPayload.parse(JSON.parse(plain.toString('utf8'))),
        topic: request.headers.topic as string | undefined,
        ttl: request.headers.ttl as string | undefined,
      });
      response.writeHead(201).end();
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
      };
      devices.set(path, device);
      return device;
    },
    total: () => total,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
