/** Business constants shared by the server and the web app. */
export const COMPANY_NAME = 'Trowel Construction Ltd';
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 200;
export const ADMIN_PAGE_SIZE = 10;
export const LOOKUP_LIMIT = 100;
export const SEARCH_DEBOUNCE_MS = 300;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const RECENT_ACTIVITY_COUNT = 10;
export const TOAST_DURATION_MS = 5000;
export const NOTIFICATION_POLL_MS = 30_000;
export const AVATAR_POLL_FIRST_MS = 1000;
export const AVATAR_POLL_EVERY_MS = 2000;
