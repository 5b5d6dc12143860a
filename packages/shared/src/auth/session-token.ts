/** Where the web app keeps the session's bearer token in the browser (localStorage). */
export const TOKEN_STORAGE_KEY = 'trowel.token';
