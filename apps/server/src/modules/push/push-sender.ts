import webpush from 'web-push';
import type { PushPayload } from '@trowel/shared/push/push.schemas.ts';
import type { VapidDetails } from './vapid-keys.ts';

/** How long a push service keeps a notice for a device that is off: a day, then it is stale. */
export const PUSH_TTL_SECONDS = 24 * 3600;
const SEND_TIMEOUT_MS = 10_000;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What a push service said: delivered, the device is gone (404/410), or worth trying again. */
export type PushOutcome =
  { kind: 'sent' } | { kind: 'gone' } | { kind: 'failed'; reason: string; retry: boolean };

/** How long a signed VAPID header is used: an hour of the 12 hours it is valid (push services take up to 24). */
const VAPID_HEADER_REUSE_MS = 3600_000;
const VAPID_HEADER_VALID_SECONDS = 12 * 3600;
const signedHeaders = new Map<string, { authorization: string; until: number }>();

/**
 * The VAPID Authorization header for one push service (its origin is the token's audience), signed
 * once an hour and used for every push to it meanwhile: signing took three quarters of a push's CPU.
 */
function vapidAuthorization(vapid: VapidDetails, endpoint: string): string {
  const audience = new URL(endpoint).origin;
  const key = `${vapid.publicKey} ${vapid.subject} ${audience}`;
  const now = Date.now();
  const known = signedHeaders.get(key);
  if (known && known.until > now) return known.authorization;
  const { Authorization: authorization } = webpush.getVapidHeaders(
    audience,
    vapid.subject,
    vapid.publicKey,
    vapid.privateKey,
    'aes128gcm',
    Math.floor(now / 1000) + VAPID_HEADER_VALID_SECONDS,
  );
  // Windows gives every device a host of its own: the map is emptied rather than left to grow.
  if (signedHeaders.size >= 1000) signedHeaders.clear();
  signedHeaders.set(key, { authorization, until: now + VAPID_HEADER_REUSE_MS });
  return authorization;
}

/**
 * Sends one push: signed (VAPID, see vapidAuthorization) and its payload encrypted by web-push
 * (aes128gcm, RFC 8291) for the device's keys; the request itself is a plain fetch that follows no
 * redirect and gives up after 10 s. The topic makes the push service keep only the newest
 * undelivered push of a kind for the device.
 */
export async function sendPush(
  vapid: VapidDetails,
  target: PushTarget,
  payload: PushPayload,
  topic: string,
): Promise<PushOutcome> {
  const request = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    {
      headers: { Authorization: vapidAuthorization(vapid, target.endpoint) },
      TTL: PUSH_TTL_SECONDS,
      topic,
      urgency: 'normal',
    },
  );
  let status: number;
  try {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel();
  } catch (error) {
    return { kind: 'failed', reason: error instanceof Error ? error.message : 'unreachable', retry: true };
  }
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 404 || status === 410) return { kind: 'gone' };
  // 429 and 5xx pass; other refusals (400 bad request, 403 key mismatch, 413) would be refused again.
  return {
    kind: 'failed',
    reason: `push service answered ${status}`,
    retry: status === 429 || status >= 500,
  };
}
