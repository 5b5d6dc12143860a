/** Where this browser keeps its own random id (not a user's: signing out keeps it). */
const BROWSER_ID_KEY = 'trowel.browser-id';

function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/**
 * This browser's id, sent on sign-in so the server can tell a browser it has not seen (and notify the
 * person); undefined when the browser keeps no storage (every sign-in then looks new).
 */
export function browserId(): string | undefined {
  try {
    let id = window.localStorage.getItem(BROWSER_ID_KEY);
    if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
      id = newId();
      window.localStorage.setItem(BROWSER_ID_KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}
