import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/http.ts';
import {
  api,
  ApiError,
  AUTH_REQUIRED_MESSAGE,
  errorMessage,
  getToken,
  isAuthFailure,
  isOutcomeUnknown,
  isStillInProgress,
  loginPathFor,
  parseRetryAfter,
  setAuthFailureHandler,
  setToken,
  TOKEN_STORAGE_KEY,
  uploadWithProgress,
} from './api-client.ts';

const onAuthFailure = vi.fn();

beforeEach(() => {
  setAuthFailureHandler(onAuthFailure);
  setToken('session-token');
});

afterEach(() => {
  vi.unstubAllGlobals();
  onAuthFailure.mockReset();
});

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('apiRequest', () => {
  it('calls /api with the stored bearer token and answers the JSON body', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { success: true, user: { id: 'u1' } }));
    const answer = await api.get<{ user: { id: string } }>('/auth/me');
    expect(answer.user.id).toBe('u1');
    expect(calls[0]?.path).toBe('/auth/me');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer session-token');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('session-token');
  });

  it('sends JSON bodies and leaves out empty query values', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { success: true }));
    await api.post('/users', { name: 'Ada' });
    await api.get('/users/staff', { page: 2, search: '', role: undefined, limit: 10 });
    expect(calls[0]?.body).toEqual({ name: 'Ada' });
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[1]?.path).toBe('/users/staff?page=2&limit=10');
  });

  it("surfaces the server's error text and code", async () => {
    mockFetch(() =>
      jsonResponse(409, { success: false, error: 'Email is already in use', code: 'EMAIL_TAKEN' }),
    );
    const error = await failureOf(api.post('/users', {}));
    expect(error.message).toBe('Email is already in use');
    expect(error.status).toBe(409);
    expect(error.code).toBe('EMAIL_TAKEN');
  });

  it('falls back to HTTP status and status text without an error field', async () => {
    mockFetch(() => new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await failureOf(api.get('/users'));
    expect(error.message).toBe('HTTP 502: Bad Gateway');
    expect(error.status).toBe(502);
  });

  it('treats a 401 as a lost session: clears the token, hands over to sign-in and raises Authentication required', async () => {
    mockFetch(() => jsonResponse(401, { success: false, error: 'Session expired', code: 'UNAUTHORIZED' }));
    const error = await failureOf(api.get('/users/staff'));
    expect(error.message).toBe(AUTH_REQUIRED_MESSAGE);
    expect(error.status).toBe(401);
    expect(getToken()).toBeNull();
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
  });

  it('keeps the session on a 401 from sign-in and shows its message', async () => {
    mockFetch(() =>
      jsonResponse(401, { success: false, error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }),
    );
    const error = await failureOf(api.post('/auth/login', { email: 'a@b.c', password: 'x' }));
    expect(error.message).toBe('Invalid email or password');
    expect(error.code).toBe('INVALID_CREDENTIALS');
    expect(getToken()).toBe('session-token');
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('keeps the session on a 401 of the email service', async () => {
    mockFetch(() =>
      jsonResponse(401, { success: false, error: 'Provider rejected the key', code: 'TM_3001' }),
    );
    const error = await failureOf(api.put('/admin/settings/email/zeptomail', {}));
    expect(error.message).toBe('Provider rejected the key');
    expect(getToken()).toBe('session-token');
    expect(onAuthFailure).not.toHaveBeenCalled();
  });
});

describe('isAuthFailure', () => {
  it.each([
    ['GET', '/auth/me', 401, { code: 'UNAUTHORIZED' }, true],
    ['GET', '/users', 403, { code: 'FORBIDDEN' }, false],
    ['POST', '/auth/login', 401, { code: 'INVALID_CREDENTIALS' }, false],
    ['POST', '/notifications/test-email', 401, { error: 'Unauthorized' }, false],
    ['GET', '/notifications/test-email', 401, {}, true],
    ['PUT', '/admin/settings', 401, { code: 'TM_1001', error: 'x' }, false],
    ['PUT', '/admin/settings', 401, { error: 'Invalid API key' }, false],
    ['POST', '/x', 401, { error: 'Sending the test email failed' }, false],
    ['POST', '/x', 401, { error: 'Check your email configuration' }, false],
    ['GET', '/users?page=1', 401, undefined, true],
  ])('%s %s answering %i %j → %s', (method, path, status, body, expected) => {
    expect(isAuthFailure(method, path, status, body)).toBe(expected);
  });
});

describe('loginPathFor', () => {
  it('keeps the path and query of the current page', () => {
    expect(loginPathFor({ pathname: '/admin/staff', search: '?page=2' })).toBe(
      '/login?redirectTo=%2Fadmin%2Fstaff%3Fpage%3D2',
    );
  });
  it('does not nest the sign-in page inside itself', () => {
    expect(loginPathFor({ pathname: '/login', search: '?redirectTo=%2Fprofile' })).toBe(
      '/login?redirectTo=%2Fprofile',
    );
  });
});

describe('errorMessage', () => {
  it("prefers the server's message and falls back for anything else", () => {
    expect(errorMessage(new ApiError('Nope', 400), 'fallback')).toBe('Nope');
    expect(errorMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
  });
});

class FakeXhr {
  static last: FakeXhr | undefined;
  status = 0;
  statusText = '';
  responseText = '';
  headers: Record<string, string> = {};
  responseHeaders: Record<string, string> = {};
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  method = '';
  url = '';
  sent: unknown;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.onabort?.();
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  respond(status: number, body: unknown, statusText = '', headers: Record<string, string> = {}) {
    this.responseHeaders = headers;
    this.status = status;
    this.statusText = statusText;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('uploadWithProgress', () => {
  beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));

  it('posts the form with the token, reports progress and answers the JSON body', async () => {
    const progress: number[] = [];
    const form = new FormData();
    const pending = uploadWithProgress<{ processingId: string }>('/users/u1/avatar', form, {
      onProgress: (fraction) => progress.push(fraction),
    });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/users/u1/avatar');
    expect(xhr.headers.Authorization).toBe('Bearer session-token');
    expect(xhr.sent).toBe(form);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    xhr.respond(202, { success: true, processingId: 'p1', status: 'processing' });
    await expect(pending).resolves.toMatchObject({ processingId: 'p1' });
    expect(progress).toEqual([0.5]);
  });

  it("rejects with the server's error, 'Upload failed' on a network error and 'Upload aborted' when stopped", async () => {
    const refused = uploadWithProgress('/users/u1/avatar', new FormData());
    FakeXhr.last!.respond(415, {
      success: false,
      error: 'Only images are allowed',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    await expect(refused).rejects.toMatchObject({ message: 'Only images are allowed', status: 415 });

    const broken = uploadWithProgress('/users/u1/avatar', new FormData());
    FakeXhr.last!.onerror?.();
    await expect(broken).rejects.toThrow('Upload failed');

    const controller = new AbortController();
    const stopped = uploadWithProgress('/users/u1/avatar', new FormData(), { signal: controller.signal });
    controller.abort();
    await expect(stopped).rejects.toThrow('Upload aborted');
  });

  it('sends extra headers, such as an Idempotency-Key', async () => {
    const pending = uploadWithProgress('/daily-logs', new FormData(), {
      headers: { 'Idempotency-Key': 'k-1' },
    });
    expect(FakeXhr.last!.headers['Idempotency-Key']).toBe('k-1');
    FakeXhr.last!.respond(201, { success: true });
    await pending;
  });

  it('tells a dropped connection (outcome unknown) from an abort and from an answer', async () => {
    const broken = uploadWithProgress('/media/upload-batch', new FormData());
    FakeXhr.last!.onerror?.();
    expect(isOutcomeUnknown(await failureOf(broken))).toBe(true);

    const controller = new AbortController();
    const stopped = uploadWithProgress('/media/upload-batch', new FormData(), { signal: controller.signal });
    controller.abort();
    expect(isOutcomeUnknown(await failureOf(stopped))).toBe(false);

    expect(isOutcomeUnknown(new TypeError('Failed to fetch'))).toBe(true);
    expect(isOutcomeUnknown(new ApiError('Bad Gateway', 502))).toBe(true);
    expect(isOutcomeUnknown(new ApiError('Title required', 400, 'VALIDATION_ERROR'))).toBe(false);
    expect(isOutcomeUnknown(new ApiError('Server error', 500, 'INTERNAL_ERROR'))).toBe(false);
    expect(isOutcomeUnknown(new Error('bug'))).toBe(false);
  });

  it('tells a request still running under the same key (409 with Retry-After) from other conflicts', async () => {
    const running = uploadWithProgress('/daily-logs', new FormData());
    FakeXhr.last!.respond(
      409,
      {
        success: false,
        error: 'This upload is still being received; try again in a moment',
        code: 'CONFLICT',
      },
      'Conflict',
      { 'retry-after': '2' },
    );
    const stillRunning = await failureOf(running);
    expect(stillRunning.retryAfterMs).toBe(2000);
    expect(isStillInProgress(stillRunning)).toBe(true);
    expect(isOutcomeUnknown(stillRunning)).toBe(true);

    const reused = uploadWithProgress('/media/upload-batch', new FormData());
    FakeXhr.last!.respond(409, {
      success: false,
      error: 'This Idempotency-Key was already used for another request',
      code: 'CONFLICT',
    });
    const conflict = await failureOf(reused);
    expect(isStillInProgress(conflict)).toBe(false);
    expect(isOutcomeUnknown(conflict)).toBe(false);
  });

  it('ends the session on a 401', async () => {
    const pending = uploadWithProgress('/users/u1/avatar', new FormData());
    FakeXhr.last!.respond(401, { success: false, error: 'Unauthorized', code: 'UNAUTHORIZED' });
    await expect(pending).rejects.toThrow(AUTH_REQUIRED_MESSAGE);
    expect(getToken()).toBeNull();
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds or an HTTP date as milliseconds to wait', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    const now = Date.parse('2025-06-01T10:00:00Z');
    expect(parseRetryAfter('Sun, 01 Jun 2025 10:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });

  it('comes with a failed fetch as well', async () => {
    mockFetch(
      () =>
        new Response(JSON.stringify({ success: false, error: 'Busy', code: 'CONFLICT' }), {
          status: 409,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '3' },
        }),
    );
    const error = await failureOf(api.post('/daily-logs', { title: 'x' }));
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', retryAfterMs: 3000 });
  });
});
