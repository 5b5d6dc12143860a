import { z } from 'zod';
import { ok } from '../http/envelope.ts';

/** A key of a push subscription as the browser gives it: unpadded base64url. */
const base64url = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .min(16, `${name} is not a push subscription key`)
    .max(max, `${name} is not a push subscription key`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${name} is not a push subscription key`);

const endpoint = z
  .string({ error: 'endpoint is required' })
  .min(1, 'endpoint is required')
  .max(2048, 'endpoint must be at most 2048 characters long');

/** POST /api/push/subscriptions: a browser's PushSubscription, as `subscription.toJSON()` gives it. */
export const pushSubscriptionInput = z.object({
  endpoint,
  keys: z.object(
    { p256dh: base64url('keys.p256dh', 200), auth: base64url('keys.auth', 64) },
    { error: 'keys must hold p256dh and auth' },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

/** DELETE /api/push/subscriptions: the device's endpoint (switch turned off, or signing out). */
export const removePushSubscriptionInput = z.object({ endpoint });

/** GET /api/push/public-key: the server's VAPID public key, the browser's applicationServerKey. */
export const pushPublicKeyAnswer = ok({ publicKey: z.string() });

/** What a push carries to the service worker: the notice's own title, a short text and its link. */
export const pushPayload = z.object({
  title: z.string(),
  body: z.string(),
  /** A path in the app (`/projects/…`), opened when the notification is tapped. */
  link: z.string(),
  /** Notices of one topic replace each other on the device. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayload>;

/** The longest text a push carries; push services take about 4 kB once encrypted. */
export const PUSH_BODY_MAX = 180;
