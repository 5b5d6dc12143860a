import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildAttachment, buildMediaItem } from '../../../test/factories.ts';
import { mockFetch } from '../../../test/http.ts';
import { stubIntersectionObserver } from '../../../test/intersection.ts';
import { attachmentKind } from './attachment-sources.ts';
import { AttachmentThumbnail } from './attachment-thumbnail.tsx';
import { AttachmentViewer } from './attachment-viewer.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Renders with the app's toaster, so the viewer's notices can be read. */
const renderWithToasts = (ui: ReactNode) =>
  render(
    <>
      {ui}
      <Toaster />
    </>,
  );

const photo = buildAttachment({
  originalName: 'slab.jpg',
  viewUrl: '/api/files/original?token=a',
  downloadUrl: '/api/files/download?token=a',
  variants: {
    medium_jpg: '/api/files/medium.jpg?token=a',
    medium_webp: '/api/files/medium.webp?token=a',
    thumbnail_jpg: '/api/files/thumb.jpg?token=a',
    thumbnail_webp: '/api/files/thumb.webp?token=a',
  },
});

const image = () => screen.getByRole('img', { name: 'slab.jpg' });

describe('AttachmentViewer', () => {
  it('zooms from 25% to 300% in 25% steps and no further', async () => {
    render(<AttachmentViewer attachment={photo} onClose={() => {}} />);
    expect(screen.getByText('100%')).toBeInTheDocument();
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    for (let step = 0; step < 8; step++) await userEvent.click(zoomIn);
    expect(screen.getByText('300%')).toBeInTheDocument();
    expect(zoomIn).toBeDisabled();
    expect(image().style.transform).toContain('scale(3)');

    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    for (let step = 0; step < 11; step++) await userEvent.click(zoomOut);
    expect(screen.getByText('25%')).toBeInTheDocument();
    expect(zoomOut).toBeDisabled();
    expect(image().style.transform).toContain('scale(0.25)');
  });

  it('rotates by 90 degrees a turn, back to 0 after four', async () => {
    render(<AttachmentViewer attachment={photo} onClose={() => {}} />);
    const rotate = screen.getByRole('button', { name: 'Rotate' });
    await userEvent.click(rotate);
    expect(image().style.transform).toContain('rotate(90deg)');
    await userEvent.click(rotate);
    await userEvent.click(rotate);
    await userEvent.click(rotate);
    expect(image().style.transform).toContain('rotate(0deg)');
  });

  it('tries the JPEG variant, the original, then a fallback, then says it failed; Try Again starts over', async () => {
    const { calls } = mockFetch(() => new Response(null, { status: 200 }));
    renderWithToasts(<AttachmentViewer attachment={photo} onClose={() => {}} />);
    expect(image()).toHaveAttribute('src', '/api/files/medium.jpg?token=a');
    fireEvent.error(image());
    expect(image()).toHaveAttribute('src', '/api/files/original?token=a');
    fireEvent.error(image());
    expect(image()).toHaveAttribute('src', '/api/files/medium.webp?token=a');
    fireEvent.error(image());
    expect(await screen.findByText('Failed to load image or video')).toBeInTheDocument();
    // The file is there (HEAD answers 200): it failed to show.
    expect(await screen.findByText('View Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to view attachment. Please try again.')).toBeInTheDocument();
    expect(calls).toEqual([expect.objectContaining({ method: 'HEAD', path: '/files/original?token=a' })]);
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(image()).toHaveAttribute('src', '/api/files/medium.jpg?token=a');
  });

  it("says 'Invalid Attachment' and logs the id when the file is not found", async () => {
    mockFetch(() => new Response(null, { status: 404 }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const gone = buildAttachment({ id: 'gone-1', originalName: 'gone.jpg', variants: {} });
    renderWithToasts(<AttachmentViewer attachment={gone} onClose={() => {}} />);
    fireEvent.error(screen.getByRole('img', { name: 'gone.jpg' }));
    expect(await screen.findByText('Invalid Attachment')).toBeInTheDocument();
    expect(screen.getByText('This attachment appears to be corrupted or missing.')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('gone-1'));
  });

  it("says 'Invalid Attachment' for file data without an address", async () => {
    const fetchMock = mockFetch(() => new Response(null, { status: 200 })).fetchMock;
    renderWithToasts(<AttachmentViewer attachment={{ ...photo, viewUrl: '' }} onClose={() => {}} />);
    expect(await screen.findByText('Invalid Attachment')).toBeInTheDocument();
    expect(screen.getByText('Failed to load image or video')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'slab.jpg' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('plays the compressed MP4 made for phones, falls back to the original, and offers the original', async () => {
    const video = buildAttachment({
      originalName: 'pour.mp4',
      mimeType: 'video/mp4',
      viewUrl: '/api/v?token=b',
      variants: { compressed_mp4: '/api/v?token=b&variant=compressed_mp4', poster_jpg: '/api/p.jpg' },
    });
    const { baseElement } = render(<AttachmentViewer attachment={video} onClose={() => {}} />);
    const player = () => baseElement.querySelector('video')!;
    expect(player()).toHaveAttribute('src', '/api/v?token=b&variant=compressed_mp4');
    expect(player()).toHaveAttribute('controls');
    expect(player()).toHaveAttribute('poster', '/api/p.jpg');
    expect(screen.queryByRole('button', { name: 'Zoom in' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Play original' }));
    expect(player()).toHaveAttribute('src', '/api/v?token=b');
    await userEvent.click(screen.getByRole('button', { name: 'Play compressed' }));
    expect(player()).toHaveAttribute('src', '/api/v?token=b&variant=compressed_mp4');
    fireEvent.error(player());
    expect(player()).toHaveAttribute('src', '/api/v?token=b');
  });

  it('plays the original of a video without a compressed copy', () => {
    const video = buildAttachment({
      originalName: 'pour.mp4',
      mimeType: 'video/mp4',
      viewUrl: '/api/v?token=b',
    });
    const { baseElement } = render(<AttachmentViewer attachment={video} onClose={() => {}} />);
    expect(baseElement.querySelector('video')).toHaveAttribute('src', '/api/v?token=b');
    expect(screen.queryByRole('button', { name: 'Play original' })).not.toBeInTheDocument();
  });

  it('downloads through the app and says so when it fails, in the words for attachments or media', async () => {
    const { calls } = mockFetch(() => new Response(null, { status: 500 }));
    const { rerender } = renderWithToasts(<AttachmentViewer attachment={photo} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Download Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to download attachment')).toBeInTheDocument();
    expect(calls).toEqual([expect.objectContaining({ method: 'GET', path: '/files/download?token=a' })]);

    const item = buildMediaItem({ originalName: 'boq.pdf', type: 'document', mimeType: 'application/pdf' });
    rerender(
      <>
        <AttachmentViewer attachment={item} onClose={() => {}} origin="media" />
        <Toaster />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Failed to download file')).toBeInTheDocument();
  });

  it('offers Delete only when a delete action is given, and closes after it', async () => {
    const { rerender } = render(<AttachmentViewer attachment={photo} onClose={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    const onDelete = vi.fn();
    const onClose = vi.fn();
    rerender(<AttachmentViewer attachment={photo} onClose={onClose} onDelete={onDelete} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(photo);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('closes with the Close button and with Escape', async () => {
    const onClose = vi.fn();
    render(<AttachmentViewer attachment={photo} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('AttachmentThumbnail', () => {
  it('tries the JPEG thumbnail, the original, then a fallback, then shows a placeholder tile', () => {
    const { container } = render(<AttachmentThumbnail attachment={photo} />);
    const img = () => container.querySelector('img');
    expect(img()).toHaveAttribute('src', '/api/files/thumb.jpg?token=a');
    fireEvent.error(img() as HTMLImageElement);
    expect(img()).toHaveAttribute('src', '/api/files/original?token=a');
    fireEvent.error(img() as HTMLImageElement);
    expect(img()).toHaveAttribute('src', '/api/files/thumb.webp?token=a');
    fireEvent.error(img() as HTMLImageElement);
    expect(img()).toBeNull();
    expect(container).toHaveTextContent('slab.jpg');
  });

  it('loads only once within 50 px of view', () => {
    const observer = stubIntersectionObserver();
    const { container } = render(<AttachmentThumbnail attachment={photo} />);
    expect(container.querySelector('img')).toBeNull();
    expect(observer.created.at(-1)?.options?.rootMargin).toBe('50px');
    act(() => observer.scrollIntoView());
    expect(container.querySelector('img')).toHaveAttribute('src', '/api/files/thumb.jpg?token=a');
  });

  it('gives a video poster 1500 ms, then a second try 1000 ms, then shows the branded placeholder', () => {
    vi.useFakeTimers();
    const video = buildAttachment({
      originalName: 'pour.mp4',
      mimeType: 'video/mp4',
      variants: { poster_jpg: '/api/p.jpg?token=v' },
    });
    const { container } = render(<AttachmentThumbnail attachment={video} />);
    const img = () => container.querySelector('img');
    expect(img()).toHaveAttribute('src', '/api/p.jpg?token=v');
    act(() => vi.advanceTimersByTime(1499));
    expect(img()).toHaveAttribute('src', '/api/p.jpg?token=v');
    act(() => vi.advanceTimersByTime(1));
    expect(img()).toHaveAttribute('src', '/api/p.jpg?token=v&attempt=2');
    act(() => vi.advanceTimersByTime(999));
    expect(container).not.toHaveTextContent('Trowel');
    act(() => vi.advanceTimersByTime(1));
    expect(img()).toBeNull();
    expect(container).toHaveTextContent('Trowel');
    expect(container.querySelector('.lucide-play')).not.toBeNull();
  });

  it('keeps a poster that loads in time', () => {
    vi.useFakeTimers();
    const video = buildAttachment({ mimeType: 'video/mp4', variants: { poster_jpg: '/api/p.jpg' } });
    const { container } = render(<AttachmentThumbnail attachment={video} />);
    fireEvent.load(container.querySelector('img')!);
    act(() => vi.advanceTimersByTime(10_000));
    expect(container.querySelector('img')).toHaveAttribute('src', '/api/p.jpg');
  });

  it('shows that a file is still processing', () => {
    const { container } = render(<AttachmentThumbnail attachment={{ ...photo, status: 'processing' }} />);
    expect(screen.getByText('Processing...')).toBeInTheDocument();
    // A placeholder until a picture has loaded: a source that fails never shows as a broken image.
    expect(container.querySelector('.lucide-image')).not.toBeNull();
    const img = container.querySelector('img')!;
    expect(img).toHaveClass('opacity-0');
    fireEvent.load(img);
    expect(img).toHaveClass('opacity-100');
    expect(container.querySelector('.lucide-image')).toBeNull();
  });
});

describe('attachmentKind', () => {
  it('goes by what the server found in the file, never by its name', () => {
    expect(attachmentKind({ mimeType: 'text/plain' })).toBe('document');
    expect(attachmentKind({ mimeType: 'image/jpeg' })).toBe('image');
    expect(attachmentKind({ mimeType: 'video/quicktime' })).toBe('video');
    expect(attachmentKind({ mimeType: 'image/svg+xml' })).toBe('document');
    expect(attachmentKind({ mimeType: 'application/octet-stream', type: 'image' })).toBe('image');
  });

  it('shows a text file named photo.jpg as a document, not a picture', () => {
    const text = buildAttachment({ originalName: 'photo.jpg', mimeType: 'text/plain' });
    const { container } = render(<AttachmentThumbnail attachment={text} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('photo.jpg');
    render(<AttachmentViewer attachment={text} onClose={() => {}} />);
    expect(screen.queryByRole('img', { name: 'photo.jpg' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Preview is not available for this file. Download it to open it.'),
    ).toBeInTheDocument();
  });
});
