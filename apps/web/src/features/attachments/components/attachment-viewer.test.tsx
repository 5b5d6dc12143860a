import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildAttachment } from '../../../test/factories.ts';
import { AttachmentThumbnail } from './attachment-thumbnail.tsx';
import { AttachmentViewer } from './attachment-viewer.tsx';

const photo = buildAttachment({
  originalName: 'slab.jpg',
  viewUrl: '/api/files/original?token=a',
  downloadUrl: '/api/files/download?token=a',
  variants: { medium_jpg: '/api/files/medium.jpg?token=a', thumbnail_jpg: '/api/files/thumb.jpg?token=a' },
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

  it('tries the JPEG variant, then the original, then says it failed; Try Again starts over', async () => {
    render(<AttachmentViewer attachment={photo} onClose={() => {}} />);
    expect(image()).toHaveAttribute('src', '/api/files/medium.jpg?token=a');
    fireEvent.error(image());
    expect(image()).toHaveAttribute('src', '/api/files/original?token=a');
    fireEvent.error(image());
    expect(await screen.findByText('Failed to load image or video')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(image()).toHaveAttribute('src', '/api/files/medium.jpg?token=a');
  });

  it('plays videos with controls', () => {
    const video = buildAttachment({
      originalName: 'pour.mp4',
      mimeType: 'video/mp4',
      viewUrl: '/api/v?token=b',
    });
    const { baseElement } = render(<AttachmentViewer attachment={video} onClose={() => {}} />);
    const player = baseElement.querySelector('video');
    expect(player).toHaveAttribute('src', '/api/v?token=b');
    expect(player).toHaveAttribute('controls');
    expect(screen.queryByRole('button', { name: 'Zoom in' })).not.toBeInTheDocument();
  });

  it('downloads from the download address', () => {
    render(<AttachmentViewer attachment={photo} onClose={() => {}} />);
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      '/api/files/download?token=a',
    );
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
  it('tries the JPEG thumbnail, then the original, then shows a placeholder tile', () => {
    const { container } = render(<AttachmentThumbnail attachment={photo} />);
    const img = () => container.querySelector('img');
    expect(img()).toHaveAttribute('src', '/api/files/thumb.jpg?token=a');
    fireEvent.error(img() as HTMLImageElement);
    expect(img()).toHaveAttribute('src', '/api/files/original?token=a');
    fireEvent.error(img() as HTMLImageElement);
    expect(img()).toBeNull();
    expect(container).toHaveTextContent('slab.jpg');
  });

  it('shows that a file is still processing', () => {
    render(<AttachmentThumbnail attachment={{ ...photo, status: 'processing' }} />);
    expect(screen.getByText('Processing...')).toBeInTheDocument();
  });
});
