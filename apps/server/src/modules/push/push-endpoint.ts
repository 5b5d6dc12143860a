/**
 * The browsers' own push services (Chrome and Edge's FCM, Firefox, Safari, Windows): a subscription
 * may point only there, so the server cannot be made to post to an internal address. Chrome Beta,
 * Dev and Canary, and Chromium as Linux distributions build it, subscribe at FCM's other address,
 * jmt17.google.com (Chromium's push_messaging_utils: every channel but Stable).
 */
export const PUSH_SERVICE_ORIGINS = [
  'https://fcm.googleapis.com',
  'https://jmt17.google.com',
  'https://updates.push.services.mozilla.com',
  'https://web.push.apple.com',
  'https://*.notify.windows.com',
] as const;

/** Whether an origin pattern (`https://host`, `https://*.domain`, with an optional port) admits this URL. */
function admits(pattern: string, url: URL): boolean {
  const wildcard = pattern.match(/^(https?:)\/\/\*\.(.+)$/);
  if (!wildcard) return url.origin === new URL(pattern).origin;
  const [, protocol, domain] = wildcard;
  return url.protocol === protocol && !url.port && url.hostname.endsWith(`.${domain}`);
}

/**
 * Whether a subscription's endpoint may be posted to: an https URL of a known push service, or, when
 * PUSH_ENDPOINT_ALLOWLIST is set, of one of its origins instead (tests point it at a local receiver).
 */
export function isAllowedPushEndpoint(endpoint: string, allowlist: readonly string[] | undefined): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const origins = allowlist ?? PUSH_SERVICE_ORIGINS;
  if (!allowlist && url.protocol !== 'https:') return false;
  return origins.some((pattern) => {
    try {
      return admits(pattern, url);
    } catch {
      return false;
    }
  });
}
