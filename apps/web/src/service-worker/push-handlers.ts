import type { PushPayload } from '@trowel/shared/push/push.schemas.ts';

/** The little of a service worker's scope the push handlers use (the DOM library lacks its types). */
interface WindowClientLike {
  url: string;
  focus(): Promise<WindowClientLike>;
  navigate(url: string): Promise<unknown>;
}
interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}
export interface PushWorkerScope {
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(
    type: 'push',
    listener: (event: ExtendableEventLike & { data: { text(): string } | null }) => void,
  ): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: ExtendableEventLike & { notification: Notification }) => void,
  ): void;
}

/** The payload the server sends (PushPayload), checked by hand: the worker stays free of zod. */
function payloadOf(data: { text(): string } | null): PushPayload | null {
  try {
    const value = data ? (JSON.parse(data.text()) as Record<string, unknown>) : null;
    const fields = ['title', 'body', 'link', 'tag'] as const;
    return value && fields.every((field) => typeof value[field] === 'string') ? (value as PushPayload) : null;
  } catch {
    return null;
  }
}

/**
 * Shows a pushed notice: its own title, text and link. Notices of one topic share a tag, so a newer
 * one replaces the older on the device instead of piling up; a push that is not Trowel's shows a
 * plain notice (a browser must show something for every push).
 */
export function showPushedNotice(scope: PushWorkerScope, data: { text(): string } | null) {
  const notice = payloadOf(data) ?? {
    title: 'Trowel',
    body: 'You have a new notification.',
    link: '/notifications',
    tag: 'trowel',
  };
  return scope.registration.showNotification(notice.title, {
    body: notice.body,
    tag: notice.tag,
    icon: '/icon-192.png',
    data: { link: notice.link },
  });
}

/** Opens a tapped notice's link in the app: an open window of Trowel is focused and led there, else one opens. */
export async function openNoticeLink(scope: PushWorkerScope, data: unknown) {
  const link = (data as { link?: unknown } | null)?.link;
  // Only paths of this app: a notice never opens another site.
  const path =
    typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') ? link : '/notifications';
  const url = new URL(path, scope.location.origin).href;
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === scope.location.origin);
  if (!open) return scope.clients.openWindow(url);
  // Focus first: a tap allows bringing a window forward only while it is handled, and the client a
  // navigation leaves behind can no longer be focused (NotFoundError).
  const focused = await open.focus().catch(() => open);
  return focused.navigate(url).catch(() => undefined);
}
