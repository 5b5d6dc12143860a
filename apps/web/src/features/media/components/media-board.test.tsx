import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_FILE_MAX_BYTES } from '@trowel/shared/files/attachment.schemas.ts';
import type { MediaItemDto } from '@trowel/shared/media/media.schemas.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMediaItem, buildUser, uuid } from '../../../test/factories.ts';
import { jsonResponse, mockFetch, type RecordedCall } from '../../../test/http.ts';
import { ProjectsLater } from '../../../test/projects-later.tsx';
import { renderWithProviders } from '../../../test/render.tsx';
import { stubXhr } from '../../../test/xhr.ts';
import { MediaBoard } from './media-board.tsx';
import { UploadPanel } from './upload-panel.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const lekki = { id: uuid(), title: 'Lekki Pearl Apartments' };
const staff = buildUser({ role: 'team_member' });

function listAnswer(media: MediaItemDto[]) {
  return jsonResponse(200, {
    success: true,
    media,
    pagination: {
      currentPage: 1,
      totalItems: media.length,
      itemsPerPage: 24,
      hasNext: false,
      nextCursor: null,
    },
  });
}

const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path.startsWith('/media?')).map((call) => call.path);

function open(
  user: UserDto,
  media: () => MediaItemDto[],
  at = '/media',
  other?: (call: RecordedCall) => Response,
) {
  const http = mockFetch((call) => other?.(call) ?? listAnswer(media()));
  const view = renderWithProviders(<MediaBoard projects={[lekki]} />, { user, at, path: '/media' });
  return { ...http, ...view };
}

const pick = (name: string, type: string, size = 1000) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('MediaBoard: the list', () => {
  it('counts the files found and shows each card’s details and processing state', async () => {
    open(staff, () => [
      buildMediaItem({
        originalName: 'slab.jpg',
        description: 'Level 2 slab',
        uploaderName: 'Blessing Okoro',
      }),
      buildMediaItem({
        originalName: 'pour.mp4',
        type: 'video',
        mimeType: 'video/mp4',
        duration: 65,
        variants: {},
      }),
      buildMediaItem({ originalName: 'new.jpg', status: 'processing', variants: {} }),
      buildMediaItem({
        originalName: 'bad.mov',
        type: 'video',
        status: 'failed',
        failureReason: 'Unreadable video',
      }),
    ]);
    expect(await screen.findByText('4 media files found')).toBeInTheDocument();
    const slab = screen.getByRole('article', { name: 'slab.jpg' });
    for (const text of ['Level 2 slab', 'Blessing Okoro', '1.5 MB', '12/03/2025'])
      expect(slab).toHaveTextContent(text);
    expect(within(slab).getByRole('link', { name: /Open slab.jpg/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('article', { name: 'pour.mp4' })).toHaveTextContent('Duration 1:05');
    expect(screen.getByRole('article', { name: 'pour.mp4' })).toHaveTextContent('File Missing');
    expect(screen.getByRole('article', { name: 'new.jpg' })).toHaveTextContent('Processing...');
    const failed = screen.getByRole('article', { name: 'bad.mov' });
    expect(failed).toHaveTextContent('Processing Failed');
    expect(failed).toHaveTextContent('Unreadable video');
  });

  it('filters by type and project, the project coming from the address', async () => {
    const { calls } = open(staff, () => [buildMediaItem()], `/media?projectId=${lekki.id}`);
    expect(await screen.findByText('1 media file found')).toBeInTheDocument();
    expect(listCalls(calls)[0]).toBe(`/media?projectId=${lekki.id}&type=all&page=1&limit=24`);
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'video');
    await waitFor(() => expect(listCalls(calls).at(-1)).toContain('type=video'));
  });

  it('hides Upload Media from clients and tells them nothing is shared yet', async () => {
    open(buildUser({ role: 'client' }), () => [], `/media?projectId=${lekki.id}`);
    expect(
      await screen.findByText('No photos or documents have been shared with you yet.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload Media' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Upload Media' })).not.toBeInTheDocument();
  });

  it("deletes a file the user may delete, after asking: 'File Deleted'", async () => {
    const item = buildMediaItem({ originalName: 'old.jpg', canDelete: true });
    let media = [item, buildMediaItem({ originalName: 'theirs.jpg' })];
    const { calls } = open(
      staff,
      () => media,
      '/media',
      (call) => {
        if (call.method !== 'DELETE') return undefined as unknown as Response;
        media = media.slice(1);
        return jsonResponse(200, { success: true, message: 'Deleted' });
      },
    );
    await screen.findByText('2 media files found');
    expect(
      within(screen.getByRole('article', { name: 'theirs.jpg' })).queryByRole('button', { name: /Delete/ }),
    ).toBeNull();
    await userEvent.click(
      within(screen.getByRole('article', { name: 'old.jpg' })).getByRole('button', { name: /Delete/ }),
    );
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('File Deleted')).toBeInTheDocument();
    expect(await screen.findByText('1 media file found')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === `/media/${item.id}`)).toBe(true);
  });
});

describe('MediaBoard: downloads and refreshes that fail', () => {
  it("downloads a card's file through the app; a failure says 'Download Failed' / 'Failed to download file'", async () => {
    const item = buildMediaItem({ originalName: 'slab.jpg' });
    const { calls } = open(
      staff,
      () => [item],
      '/media',
      (call) =>
        call.path.includes('/download')
          ? jsonResponse(404, { success: false, error: 'Attachment not found', code: 'NOT_FOUND' })
          : (undefined as unknown as Response),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const card = await screen.findByRole('article', { name: 'slab.jpg' });
    await userEvent.click(within(card).getByRole('button', { name: 'Download slab.jpg' }));
    expect(await screen.findByText('Download Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to download file')).toBeInTheDocument();
    expect(calls.some((call) => call.path === item.downloadUrl.replace(/^\/api/, ''))).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(item.id));
    warn.mockRestore();
  });

  it("says 'Failed to refresh media files' when the list cannot be fetched again, keeping the cards", async () => {
    const item = buildMediaItem({ originalName: 'old.jpg', canDelete: true });
    let deleted = false;
    open(
      staff,
      () => [item, buildMediaItem({ originalName: 'theirs.jpg' })],
      '/media',
      (call) => {
        if (call.method === 'DELETE') {
          deleted = true;
          return jsonResponse(200, { success: true, message: 'Deleted' });
        }
        return deleted
          ? jsonResponse(503, { success: false, error: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' })
          : (undefined as unknown as Response);
      },
    );
    await screen.findByText('2 media files found');
    await userEvent.click(
      within(screen.getByRole('article', { name: 'old.jpg' })).getByRole('button', { name: /Delete/ }),
    );
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Failed to refresh media files')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'theirs.jpg' })).toBeInTheDocument();
  });
});

describe('MediaBoard: uploading', () => {
  it('opens the upload panel for the project of the address; Cancel Upload closes it', async () => {
    open(staff, () => [], `/media?projectId=${lekki.id}`);
    const form = await screen.findByRole('form', { name: 'Upload Media' });
    expect(within(form).getByLabelText('Project')).toHaveValue(lekki.id);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Upload' }));
    expect(screen.queryByRole('form', { name: 'Upload Media' })).not.toBeInTheDocument();
    // The header's button, and the empty list's.
    const uploadButtons = screen.getAllByRole('button', { name: 'Upload Media' });
    expect(uploadButtons).toHaveLength(2);
    await userEvent.click(uploadButtons[0]!);
    expect(screen.getByRole('form', { name: 'Upload Media' })).toBeInTheDocument();
  });

  it('keeps showing the project chosen when the projects arrive after the panel opened', async () => {
    renderWithProviders(
      <ProjectsLater project={lekki}>
        {(projects) => <UploadPanel projects={projects} projectId={lekki.id} onUploaded={() => undefined} />}
      </ProjectsLater>,
      { user: staff },
    );
    const select = screen.getByLabelText<HTMLSelectElement>('Project');
    expect(select.selectedOptions[0]?.textContent).toBe('Selected project');
    await userEvent.click(screen.getByRole('button', { name: 'Projects loaded' }));
    expect(select).toHaveValue(lekki.id);
    expect(select.selectedOptions[0]?.textContent).toBe(lekki.title);
  });

  it("says 'No files selected', then 'Project not selected'", async () => {
    const xhr = stubXhr();
    open(staff, () => []);
    await userEvent.click(await screen.findByRole('button', { name: 'Upload Media' }));
    const form = within(screen.getByRole('form', { name: 'Upload Media' }));
    await userEvent.click(form.getByRole('button', { name: 'Upload Files' }));
    expect(await screen.findByText('No files selected')).toBeInTheDocument();
    expect(screen.getByText('Please select at least one file to upload.')).toBeInTheDocument();

    await userEvent.upload(
      form.getByLabelText('Drop files here or tap to choose'),
      pick('a.pdf', 'application/pdf'),
    );
    await userEvent.click(form.getByRole('button', { name: 'Upload 1 File' }));
    expect(await screen.findByText('Project not selected')).toBeInTheDocument();
    expect(screen.getByText('Please select a project for the media.')).toBeInTheDocument();
    expect(xhr).toHaveLength(0);
  });

  it('keeps the drop zone to 5 files of 10 MB (videos larger), saying why files are refused', async () => {
    open(staff, () => [], `/media?projectId=${lekki.id}`);
    const form = within(await screen.findByRole('form', { name: 'Upload Media' }));
    const zone = form.getByLabelText('Drop files here or tap to choose');
    await userEvent.upload(zone, [
      pick('huge.png', 'image/png', DEFAULT_FILE_MAX_BYTES + 1),
      pick('long.mp4', 'video/mp4', DEFAULT_FILE_MAX_BYTES * 5),
    ]);
    expect(form.getByRole('alert')).toHaveTextContent(
      `huge.png: File is larger than ${DEFAULT_FILE_MAX_BYTES} bytes`,
    );
    // Dropped files follow the same rules.
    const dropped = Array.from({ length: 5 }, (_, index) => pick(`p${index}.png`, 'image/png'));
    fireEvent.drop(zone.closest('div')!, { dataTransfer: { files: dropped } });
    expect(form.getByRole('alert')).toHaveTextContent('p4.png: Too many files');
    const chosen = within(form.getByRole('list', { name: 'Chosen files' })).getAllByRole('listitem');
    expect(chosen.map((item) => item.textContent)).toEqual([
      expect.stringContaining('long.mp4'),
      expect.stringContaining('p0.png'),
      expect.stringContaining('p1.png'),
      expect.stringContaining('p2.png'),
      expect.stringContaining('p3.png'),
    ]);
  });

  it('takes a phone photo over 10 MB that will be shrunk; sent as original it is refused, named', async () => {
    const xhr = stubXhr();
    open(staff, () => [], `/media?projectId=${lekki.id}`);
    const form = within(await screen.findByRole('form', { name: 'Upload Media' }));
    await userEvent.upload(
      form.getByLabelText('Drop files here or tap to choose'),
      pick('phone.jpg', 'image/jpeg', DEFAULT_FILE_MAX_BYTES + 2 * 1024 * 1024),
    );
    expect(form.queryByRole('alert')).not.toBeInTheDocument();
    expect(form.getByRole('list', { name: 'Chosen files' })).toHaveTextContent('phone.jpg');

    await userEvent.click(form.getByLabelText('Send original'));
    await userEvent.click(form.getByRole('button', { name: 'Upload 1 File' }));
    expect(await screen.findByText('Upload Failed')).toBeInTheDocument();
    expect(
      screen.getByText(`phone.jpg: File is larger than ${DEFAULT_FILE_MAX_BYTES} bytes`),
    ).toBeInTheDocument();
    expect(xhr).toHaveLength(0);
  });

  it('uploads with progress, then follows processing and refreshes the list when done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const xhr = stubXhr();
    const uploaded = buildMediaItem({
      originalName: 'slab.jpg',
      status: 'processing',
      variants: {},
      projectId: lekki.id,
    });
    let media: MediaItemDto[] = [];
    const { calls } = open(
      staff,
      () => media,
      `/media?projectId=${lekki.id}`,
      (call) =>
        call.path.startsWith('/media/status/')
          ? jsonResponse(200, { success: true, processingId: 'p1', status: 'completed' })
          : (undefined as unknown as Response),
    );
    const form = within(await screen.findByRole('form', { name: 'Upload Media' }));
    await user.upload(
      form.getByLabelText('Drop files here or tap to choose'),
      pick('slab.jpg', 'image/jpeg'),
    );
    await user.type(form.getByLabelText('Description'), 'Level 2 slab');
    await user.click(form.getByRole('switch', { name: 'Visible to client' }));
    await user.click(form.getByRole('button', { name: 'Upload 1 File' }));

    await waitFor(() => expect(xhr).toHaveLength(1));
    const request = xhr[0]!;
    expect(request.url).toBe('/api/media/upload-batch');
    expect(request.headers['Idempotency-Key']).toBeTruthy();
    expect(request.body!.get('projectId')).toBe(lekki.id);
    expect(request.body!.get('description')).toBe('Level 2 slab');
    expect(request.body!.get('isClientVisible')).toBe('true');
    expect((request.body!.getAll('files') as File[]).map((file) => file.name)).toEqual(['slab.jpg']);
    request.progress(30, 100);
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '30',
    );

    media = [uploaded];
    request.respond(202, {
      success: true,
      processingResults: [
        { processingId: 'p1', mediaId: uploaded.id, originalName: 'slab.jpg', status: 'processing' },
      ],
      media: [uploaded],
    });
    expect(await screen.findByText('Processing 1 file...')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'slab.jpg' })).toHaveTextContent('Processing...');
    const statusCalls = () => calls.filter((call) => call.path === '/media/status/p1');
    expect(statusCalls()).toHaveLength(0);

    media = [{ ...uploaded, status: 'ready', variants: { thumbnail_jpg: '/t.jpg' } }];
    await vi.advanceTimersByTimeAsync(3000);
    await waitFor(() => expect(statusCalls()).toHaveLength(1));
    expect(await screen.findByText('Processing Complete')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'slab.jpg' })).not.toHaveTextContent('Processing...'),
    );
    expect(screen.queryByText('Processing 1 file...')).not.toBeInTheDocument();
  });

  it("reports 'Upload Failed'; after a dropped connection Retry resends under the same key", async () => {
    const xhr = stubXhr();
    open(staff, () => [], `/media?projectId=${lekki.id}`);
    const form = within(await screen.findByRole('form', { name: 'Upload Media' }));
    await userEvent.upload(
      form.getByLabelText('Drop files here or tap to choose'),
      pick('a.pdf', 'application/pdf'),
    );
    await userEvent.click(form.getByRole('button', { name: 'Upload 1 File' }));
    await waitFor(() => expect(xhr).toHaveLength(1));
    xhr[0]!.fail();
    expect(await screen.findByText('Upload Failed')).toBeInTheDocument();

    await userEvent.click(form.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(xhr).toHaveLength(2));
    expect(xhr[1]!.headers['Idempotency-Key']).toBe(xhr[0]!.headers['Idempotency-Key']);
    expect((xhr[1]!.body!.getAll('files') as File[])[0]?.name).toBe('a.pdf');
    xhr[1]!.respond(415, {
      success: false,
      error: 'This file type is not allowed',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(await screen.findByText('This file type is not allowed')).toBeInTheDocument();
    expect(form.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
