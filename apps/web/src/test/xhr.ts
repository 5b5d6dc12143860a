import { vi } from 'vitest';

type ProgressHandler = (event: { lengthComputable: boolean; loaded: number; total: number }) => void;

/** A stand-in XMLHttpRequest that records each upload and lets the test answer it. */
export class FakeXhr {
  status = 0;
  statusText = '';
  responseText = '';
  headers: Record<string, string> = {};
  responseHeaders: Record<string, string> = {};
  upload: { onprogress: ProgressHandler | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  method = '';
  url = '';
  body: FormData | null = null;
  /** A body sent as bytes (a part of a resumable upload). */
  blob: Blob | null = null;
  aborted = false;

  static requests: FakeXhr[] = [];

  constructor() {
    FakeXhr.requests.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData | Blob) {
    if (body instanceof FormData) this.body = body;
    else this.blob = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  /** Reports part of the body as sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  /** Answers the upload; header names in lower case. */
  respond(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.responseHeaders = headers;
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
  /** The connection drops before an answer. */
  fail() {
    this.onerror?.();
  }
}

/** Replaces XMLHttpRequest; answers the list of requests made since. */
export function stubXhr(): FakeXhr[] {
  FakeXhr.requests = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr.requests;
}
