import type { OkMessage } from '@trowel/shared/http/envelope.ts';
import type { PushSubscriptionInput } from '@trowel/shared/push/push.schemas.ts';
import { api } from '../api-client.ts';

/** Why this device could not be subscribed: the browser has no Web Push, or its permission was refused. */
export type PushRefusal = 'unsupported' | 'blocked';

const supported = () =>
  typeof Notification !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window;

/** The service worker's registration, if the app registered one (it does once the page has loaded). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return supported() ? navigator.serviceWorker.getRegistration('/') : undefined;
}

/**
 * Subscribes this device to Web Push: asks the browser's permission, subscribes through the service
 * worker with the server's VAPID key and saves the subscription. Answers why not, or null when done.
 */
export async function subscribeThisDevice(): Promise<PushRefusal | null> {
  if (!supported()) return 'unsupported';
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return 'blocked';
  const worker = (await registration()) ?? (await navigator.serviceWorker.ready);
  const { publicKey } = await api.get<{ publicKey: string }>('/push/public-key');
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  const json = subscription.toJSON() as PushSubscriptionInput;
  await api.post<OkMessage>('/push/subscriptions', { endpoint: json.endpoint, keys: json.keys });
  return null;
}

/**
 * Stops Web Push on this device (the switch turned off, or signing out): the server forgets the
 * subscription, then the browser drops it. Never fails: a device already off stays off.
 */
export async function unsubscribeThisDevice(): Promise<void> {
  try {
    const subscription = await (await registration())?.pushManager.getSubscription();
    if (!subscription) return;
    await api
      .delete<OkMessage>('/push/subscriptions', { endpoint: subscription.endpoint })
      .catch(() => undefined);
    await subscription.unsubscribe();
  } catch {
    // Nothing to undo on a browser without push.
  }
}
