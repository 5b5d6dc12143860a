import { TOKEN_STORAGE_KEY } from '@trowel/shared/auth/session-token.ts';
import { isErrorBody } from '@trowel/shared/http/errors.ts';
import { UserError } from './user-error.ts';

export const API_BASE = '/api';
export { TOKEN_STORAGE_KEY };
export const AUTH_REQUIRED_MESSAGE = 'Authentication required';

/**
 * A failed call: the message people see, the HTTP status, the server's machine code and, when the
 * server asked to be called again later (Retry-After), how long to wait.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(message: string, status: number, code?: string, retryAfterMs?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.retryAfterMs = retryAfterMs;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Code of an upload whose connection broke before an answer came back. */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

/** The wait a Retry-After header asks for (seconds, or an HTTP date), in milliseconds. */
export function parseRetryAfter(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Whether the server is still working on an earlier request with the same Idempotency-Key: it answers
 * 409 with Retry-After, and the same key should be sent again after that wait.
 */
export function isStillInProgress(error: unknown): error is ApiError & { retryAfterMs: number } {
  return (
    isApiError(error) && error.status === 409 && error.code === 'CONFLICT' && error.retryAfterMs !== undefined
  );
}

/**
 * Whether a failed call may still have reached the server: the connection broke (no answer at all),
 * a gateway gave up waiting, or the server is still working on it. Retrying such a call is only safe
 * with the same Idempotency-Key.
 */
export function isOutcomeUnknown(error: unknown): boolean {
  // fetch rejects with a TypeError when the network fails.
  if (error instanceof TypeError) return true;
  if (!isApiError(error)) return false;
  if (isStillInProgress(error)) return true;
  if (error.status === 0) return error.code === NETWORK_ERROR_CODE;
  return error.status === 502 || error.status === 503 || error.status === 504;
}

/**
 * The server's message of a failed call, or the browser's own for people (UserError); anything else
 * (a network failure, a bug) gets the fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if ((isApiError(error) || error instanceof UserError) && error.message) return error.message;
  return fallback;
}

export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

export function clearToken(): void {
  window.localStorage.removeItem(TOKEN_STORAGE_KEY);
}

/** The sign-in page address that brings the visitor back to the current page afterwards. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  if (location.pathname === '/login') return `/login${location.search}`;
  return `/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`;
}

type AuthFailureHandler = () => void;

let authFailureHandler: AuthFailureHandler = () => {
  if (window.location.pathname !== '/login') window.location.assign(loginPathFor(window.location));
};

/** The app replaces the default full-page redirect with an in-app navigation. */
export function setAuthFailureHandler(handler: AuthFailureHandler): void {
  authFailureHandler = handler;
}

const EMAIL_SERVICE_MESSAGE = /invalid api key|test email|email configuration/i;

/**
 * Whether a 401 means the session is gone. Sign-in, the test email and errors of the external
 * email service also answer 401 without the session being at fault.
 */
export function isAuthFailure(method: string, path: string, status: number, body: unknown): boolean {
  if (status !== 401) return false;
  const upper = method.toUpperCase();
  const bare = path.split('?')[0] ?? path;
  if (upper === 'POST' && (bare === '/auth/login' || bare === '/notifications/test-email')) return false;
  if (typeof body === 'object' && body !== null) {
    const { code, error } = body as { code?: unknown; error?: unknown };
    if (typeof code === 'string' && code.startsWith('TM_')) return false;
    if (typeof error === 'string' && EMAIL_SERVICE_MESSAGE.test(error)) return false;
  }
  return true;
}

function endSession(): never {
  clearToken();
  authFailureHandler();
  throw new ApiError(AUTH_REQUIRED_MESSAGE, 401, 'UNAUTHORIZED');
}

function toApiError(status: number, statusText: string, body: unknown, retryAfter?: string | null): ApiError {
  const retryAfterMs = parseRetryAfter(retryAfter);
  if (isErrorBody(body)) return new ApiError(body.error, status, body.code, retryAfterMs);
  const { error, code } = (typeof body === 'object' && body !== null ? body : {}) as {
    error?: unknown;
    code?: unknown;
  };
  const message = typeof error === 'string' && error ? error : `HTTP ${status}: ${statusText}`;
  return new ApiError(message, status, typeof code === 'string' ? code : undefined, retryAfterMs);
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal;
  /** Extra request headers, e.g. an Idempotency-Key. */
  headers?: Record<string, string>;
}

export function buildPath(path: string, query?: QueryParams): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The bearer header of the signed-in session, if any. */
export function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Calls the API under /api and answers the parsed JSON body, or throws an ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const url = API_BASE + buildPath(path, options.query);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...options.headers,
    ...authHeaders(),
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const response = await fetch(url, { method, headers, body, signal: options.signal });
  const data = parseJson(await response.text());

  if (!response.ok) {
    if (isAuthFailure(method, path, response.status, data)) endSession();
    throw toApiError(response.status, response.statusText, data, response.headers.get('Retry-After'));
  }
  if (data === undefined && response.status !== 204) {
    throw new ApiError('Invalid response format', response.status);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, query?: QueryParams, signal?: AbortSignal) =>
    apiRequest<T>(path, { method: 'GET', query, signal }),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    apiRequest<T>(path, { method: 'POST', body, headers }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'DELETE', body }),
};

/** Fetches a file (a CSV export, say) with the bearer header; answers its body and its response headers. */
export async function apiFile(path: string, query?: QueryParams): Promise<{ blob: Blob; headers: Headers }> {
  const response = await fetch(API_BASE + buildPath(path, query), { method: 'GET', headers: authHeaders() });
  if (!response.ok) {
    const data = parseJson(await response.text());
    if (isAuthFailure('GET', path, response.status, data)) endSession();
    throw toApiError(response.status, response.statusText, data);
  }
  return { blob: await response.blob(), headers: response.headers };
}

export interface UploadOptions {
  method?: 'POST' | 'PUT' | 'PATCH';
  /** Fraction of the body sent, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Extra request headers, e.g. an Idempotency-Key. */
  headers?: Record<string, string>;
}

/** Sends a multipart body (or a part of a file) with upload progress; answers the parsed JSON body. */
export function uploadWithProgress<T>(
  path: string,
  form: FormData | Blob,
  options: UploadOptions = {},
): Promise<T> {
  const method = options.method ?? 'POST';
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, API_BASE + path);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const data = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        if (data === undefined) reject(new ApiError('Invalid response format', xhr.status));
        else resolve(data as T);
        return;
      }
      if (isAuthFailure(method, path, xhr.status, data)) {
        try {
          endSession();
        } catch (error) {
          reject(error);
        }
        return;
      }
      reject(toApiError(xhr.status, xhr.statusText, data, xhr.getResponseHeader('Retry-After')));
    };
    xhr.onerror = () => reject(new ApiError('Upload failed', 0, NETWORK_ERROR_CODE));
    xhr.onabort = () => reject(new ApiError('Upload aborted', 0));

    if (options.signal) {
      if (options.signal.aborted) {
        reject(new ApiError('Upload aborted', 0));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
