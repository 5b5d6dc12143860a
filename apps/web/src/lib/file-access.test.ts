import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'sonner';
import { buildAttachment } from '../test/factories.ts';
import { mockFetch } from '../test/http.ts';
import { setToken } from './api-client.ts';
import { BLOB_DOWNLOAD_MAX_BYTES, downloadWithNotice, reportViewFailure } from './file-access.ts';

const file = buildAttachment({
  id: 'att-1',
  originalName: 'slab.jpg',
  viewUrl: '/api/attachments/att-1/view?token=f',
  downloadUrl: '/api/attachments/att-1/download?token=f',
});

let clicked: Array<{ href: string; download: string }>;
let toastError: ReturnType<typeof vi.spyOn>;
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  setToken('session-token');
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
  URL.createObjectURL = vi.fn(() => 'blob:saved');
  URL.revokeObjectURL = vi.fn();
  toastError = vi.spyOn(toast, 'error');
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const answer = (status: number, body = '') =>
  new Response(status === 204 ? null : body, {
    status,
    headers: { 'Content-Disposition': 'attachment; filename="slab.jpg"' },
  });

describe('downloadWithNotice', () => {
  it('fetches the file with its token (and the session header) and saves it under its name', async () => {
    const { calls } = mockFetch(() => answer(200, 'jpeg bytes'));
    await downloadWithNotice(file, 'attachment');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/attachments/att-1/download?token=f' });
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer session-token');
    expect(clicked).toEqual([{ href: 'blob:saved', download: 'slab.jpg' }]);
    expect(toastError).not.toHaveBeenCalled();
  });

  it("says 'Download Failed' in the words of an attachment or a media file, and logs a 404 with the id", async () => {
    mockFetch(() => answer(404));
    await downloadWithNotice(file, 'attachment');
    expect(toastError).toHaveBeenLastCalledWith('Download Failed', {
      description: 'Failed to download attachment',
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('att-1'));
    expect(warn.mock.calls[0]![0]).toMatch(/not found/);

    mockFetch(() => answer(500));
    await downloadWithNotice(file, 'media');
    expect(toastError).toHaveBeenLastCalledWith('Download Failed', {
      description: 'Failed to download file',
    });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(clicked).toEqual([]);
  });

  it('checks a large video with HEAD, then leaves the download to the browser instead of memory', async () => {
    const video = { ...file, originalName: 'pour.mp4', size: BLOB_DOWNLOAD_MAX_BYTES + 1 };
    const { calls } = mockFetch(() => answer(200));
    await downloadWithNotice(video, 'media');
    expect(calls.map(({ method }) => method)).toEqual(['HEAD']);
    expect(clicked).toEqual([{ href: file.downloadUrl, download: 'pour.mp4' }]);

    mockFetch(() => answer(404));
    await downloadWithNotice(video, 'media');
    expect(clicked).toHaveLength(1);
    expect(toastError).toHaveBeenLastCalledWith('Download Failed', {
      description: 'Failed to download file',
    });
  });

  it("says 'Invalid Attachment' for file data without an address or id, asking nothing", async () => {
    const { calls } = mockFetch(() => answer(200));
    await downloadWithNotice({ ...file, downloadUrl: '' }, 'attachment');
    await downloadWithNotice({ ...file, id: '' }, 'attachment');
    expect(calls).toHaveLength(0);
    expect(toastError).toHaveBeenCalledTimes(2);
    expect(toastError).toHaveBeenLastCalledWith('Invalid Attachment', {
      description: 'This attachment appears to be corrupted or missing.',
    });
  });
});

describe('reportViewFailure', () => {
  it("tells a missing file ('Invalid Attachment', logged) from one that did not load ('View Failed')", async () => {
    const { calls } = mockFetch(() => answer(404));
    await reportViewFailure(file);
    expect(calls[0]).toMatchObject({ method: 'HEAD', path: '/attachments/att-1/view?token=f' });
    expect(toastError).toHaveBeenLastCalledWith('Invalid Attachment', {
      description: 'This attachment appears to be corrupted or missing.',
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('att-1'));

    mockFetch(() => answer(200));
    await reportViewFailure(file);
    expect(toastError).toHaveBeenLastCalledWith('View Failed', {
      description: 'Failed to view attachment. Please try again.',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await reportViewFailure(file);
    expect(toastError).toHaveBeenLastCalledWith('View Failed', {
      description: 'Failed to view attachment. Please try again.',
    });
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
