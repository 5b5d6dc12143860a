import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMediaItem } from '../../../test/factories.ts';
import { stubIntersectionObserver } from '../../../test/intersection.ts';
import { MediaPreview } from './media-preview.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const photo = buildMediaItem({
  variants: { thumbnail_jpg: '/t.jpg?token=a', thumbnail_webp: '/t.webp?token=a' },
  viewUrl: '/view?token=a',
  originalUrl: '/original?token=a',
});

function show(item = photo) {
  const view = render(<MediaPreview item={item} />);
  return { ...view, img: () => view.container.querySelector('img') };
}

describe('MediaPreview', () => {
  it('tries the JPEG variant, the original, then the WebP fallback, then shows File Missing', () => {
    const { img } = show();
    expect(img()).toHaveAttribute('src', '/t.jpg?token=a');
    fireEvent.error(img()!);
    expect(img()).toHaveAttribute('src', '/view?token=a');
    fireEvent.error(img()!);
    expect(img()).toHaveAttribute('src', '/t.webp?token=a');
    expect(screen.queryByText('File Missing')).not.toBeInTheDocument();
    fireEvent.error(img()!);
    expect(img()).toBeNull();
    expect(screen.getByText('File Missing')).toBeInTheDocument();
  });

  it("shows 'Processing...' over a processing file without loading its original", () => {
    const { img } = show({ ...photo, status: 'processing', variants: {} });
    expect(screen.getByText('Processing...')).toBeInTheDocument();
    expect(img()).toBeNull();
    expect(screen.queryByText('File Missing')).not.toBeInTheDocument();
  });

  it("shows 'Processing Failed' when processing failed", () => {
    show({ ...photo, status: 'failed', variants: {} });
    expect(screen.getByText('Processing Failed')).toBeInTheDocument();
    expect(screen.queryByText('Processing...')).not.toBeInTheDocument();
  });

  it('shows the branded placeholder when the image has not loaded within 5 seconds', () => {
    vi.useFakeTimers();
    const { img } = show();
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByText('Trowel')).not.toBeInTheDocument();
    // A failed source moves to the next one but does not restart the 5 s.
    fireEvent.error(img()!);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Trowel')).toBeInTheDocument();
    fireEvent.load(img()!);
    expect(screen.queryByText('Trowel')).not.toBeInTheDocument();
    expect(img()).toHaveClass('opacity-100');
  });

  it('loads only once within 50 px of view', () => {
    const observer = stubIntersectionObserver();
    const { img } = show();
    expect(img()).toBeNull();
    expect(observer.created.at(-1)?.options?.rootMargin).toBe('50px');
    act(() => observer.scrollIntoView());
    expect(img()).toHaveAttribute('src', '/t.jpg?token=a');
  });

  it('gives a video’s poster 1500 ms, then 1000 ms, then shows the branded placeholder under the play mark', () => {
    vi.useFakeTimers();
    const video = buildMediaItem({
      type: 'video',
      mimeType: 'video/mp4',
      variants: { poster_jpg: '/poster.jpg?token=v' },
    });
    const { img, container } = show(video);
    act(() => vi.advanceTimersByTime(1500));
    expect(img()).toHaveAttribute('src', '/poster.jpg?token=v&attempt=2');
    act(() => vi.advanceTimersByTime(1000));
    expect(img()).toBeNull();
    expect(screen.getByText('Trowel')).toBeInTheDocument();
    expect(container.querySelector('.lucide-play')).not.toBeNull();
    expect(screen.queryByText('File Missing')).not.toBeInTheDocument();
  });

  it('says File Missing for a processed video without a poster', () => {
    show(buildMediaItem({ type: 'video', mimeType: 'video/mp4', variants: {} }));
    expect(screen.getByText('File Missing')).toBeInTheDocument();
  });

  it('shows a video’s poster under a play mark, and a document’s name', () => {
    const video = buildMediaItem({
      type: 'video',
      mimeType: 'video/mp4',
      originalName: 'pour.mp4',
      variants: { poster_jpg: '/poster.jpg?token=v' },
    });
    const { img, container, unmount } = show(video);
    expect(img()).toHaveAttribute('src', '/poster.jpg?token=v');
    expect(container.querySelector('.lucide-play')).not.toBeNull();
    unmount();

    const document = buildMediaItem({
      type: 'document',
      mimeType: 'application/pdf',
      originalName: 'boq.pdf',
    });
    const shown = show(document);
    expect(shown.img()).toBeNull();
    expect(screen.getByText('boq.pdf')).toBeInTheDocument();
  });
});
