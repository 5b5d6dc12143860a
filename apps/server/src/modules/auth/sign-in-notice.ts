import { createHash } from 'node:crypto';

/**
 * The key a browser is known by for one person: a hash of the browser's own id (kept in its storage)
 * with the person's id, so one browser cannot be followed across accounts. A client that sends no
 * id (a script) is known by its user agent.
 */
export function browserKey(userId: string, browserId: string | undefined, userAgent: string): string {
  const id = browserId ? `id:${browserId}` : `ua:${userAgent}`;
  return createHash('sha256').update(`${userId}\n${id}`).digest('base64url');
}

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** 'Chrome on Android', from a user agent; 'an unknown browser' when it says nothing we know. */
export function describeBrowser(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'an unknown browser';
}

const lagosTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

/** The notification telling a person their account was signed in from a browser it had not seen. */
export function newBrowserNotice(meta: { ip: string; userAgent: string }, at: Date) {
  return {
    title: 'New sign-in to your account',
    message:
      `Your account was signed in from a new browser (${describeBrowser(meta.userAgent)}, address ${meta.ip}) ` +
      `on ${lagosTime.format(at)} (Lagos time). If this was not you, change your password now.`,
    link: '/settings',
  };
}
