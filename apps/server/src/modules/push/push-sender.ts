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

/**
 * Sends one push: web-push signs it (VAPID) and encrypts the payload (aes128gcm, RFC 8291) for the
 * device's keys; the request itself is a plain fetch that follows no redirect and gives up after 10 s.
 * The topic makes the push service keep only the newest undelivered push of a kind for the device.
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
    { vapidDetails: vapid, TTL: PUSH_TTL_SECONDS, topic, urgency: 'normal' },
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
