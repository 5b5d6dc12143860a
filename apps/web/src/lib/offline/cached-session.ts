/**
 * What the sign-out leaves behind of the persisted query cache: the store that keeps it registers
 * its clearing here (once it has loaded), so the session code need not load it.
 */
let clearPersisted: (() => Promise<void>) | null = null;

/** The persisted cache registers how it is cleared. */
export function onPersistedCacheClear(clear: () => Promise<void>): void {
  clearPersisted = clear;
}

/** Forgets the persisted copy of the signed-out user's data (nothing to do when none was kept). */
export function clearPersistedCache(): void {
  void clearPersisted?.();
}
