import type { AttachmentDto } from '@trowel/shared/files/attachment.schemas.ts';
import { Download, FileText, RotateCw, Trash2, TriangleAlert, X, ZoomIn, ZoomOut } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, type ComponentProps } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { attachmentKind, viewerImageSources } from './attachment-sources.ts';
import { rotateRight, ZOOM_MAX, ZOOM_MIN, zoomIn, zoomOut } from './viewer-controls.ts';

interface AttachmentViewerProps {
  /** The file shown; null keeps the viewer closed. */
  attachment: AttachmentDto | null;
  onClose: () => void;
  /** Offers Delete only when given. */
  onDelete?: ((attachment: AttachmentDto) => void | Promise<void>) | undefined;
}

function ToolButton({ label, ...props }: ComponentProps<'button'> & { label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={cn(buttonClasses('ghost', 'icon'), 'text-white hover:bg-white/15')}
      {...props}
    />
  );
}

/** Full-screen view of one attachment: zoom and rotate images, play videos, download, delete, close. */
export function AttachmentViewer({ attachment, onClose, onDelete }: AttachmentViewerProps) {
  return (
    <Dialog.Root open={attachment !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/95" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col text-white focus:outline-none"
        >
          {attachment ? (
            <ViewerBody key={attachment.id} attachment={attachment} onClose={onClose} onDelete={onDelete} />
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ViewerBody({
  attachment,
  onClose,
  onDelete,
}: AttachmentViewerProps & { attachment: AttachmentDto }) {
  const [zoom, setZoom] = useState(100);
  const [rotation, setRotation] = useState(0);
  const [sourceIndex, setSourceIndex] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const [deleting, setDeleting] = useState(false);
  const kind = attachmentKind(attachment);
  const sources = kind === 'image' ? viewerImageSources(attachment) : [attachment.viewUrl];
  const source = sources[sourceIndex];

  async function remove() {
    if (!onDelete) return;
    setDeleting(true);
    try {
      await onDelete(attachment);
      onClose();
    } finally {
      setDeleting(false);
    }
  }

  let content;
  if (!source) {
    content = (
      <div role="alert" className="flex flex-col items-center gap-3 text-center">
        <TriangleAlert aria-hidden="true" className="size-10 text-amber-400" />
        <p>Failed to load image or video</p>
        <Button
          variant="secondary"
          onClick={() => {
            setSourceIndex(0);
            setAttempt((count) => count + 1);
          }}
        >
          Try Again
        </Button>
      </div>
    );
  } else if (kind === 'image') {
    content = (
      <img
        key={`${source}#${attempt}`}
        src={source}
        alt={attachment.originalName}
        onError={() => setSourceIndex((index) => index + 1)}
        className="max-h-full max-w-full object-contain transition-transform"
        style={{ transform: `scale(${zoom / 100}) rotate(${rotation}deg)` }}
      />
    );
  } else if (kind === 'video') {
    content = (
      <video
        key={`${source}#${attempt}`}
        src={source}
        controls
        poster={attachment.variants.poster_jpg}
        onError={() => setSourceIndex((index) => index + 1)}
        className="max-h-full max-w-full"
      >
        <track kind="captions" />
      </video>
    );
  } else {
    content = (
      <div className="flex flex-col items-center gap-3 text-center">
        <FileText aria-hidden="true" className="size-12 text-slate-300" />
        <p className="break-all">{attachment.originalName}</p>
        <p className="text-sm text-slate-300">
          Preview is not available for this file. Download it to open it.
        </p>
      </div>
    );
  }

  return (
    <>
      <div className="flex items-center gap-1 border-b border-white/10 bg-slate-950/60 px-2 py-2 sm:px-4">
        <Dialog.Title className="min-w-0 flex-1 truncate text-sm font-medium">
          {attachment.originalName}
        </Dialog.Title>
        {kind === 'image' ? (
          <>
            <ToolButton label="Zoom out" onClick={() => setZoom(zoomOut)} disabled={zoom <= ZOOM_MIN}>
              <ZoomOut aria-hidden="true" />
            </ToolButton>
            <span aria-live="polite" className="w-12 text-center text-sm tabular-nums">
              {zoom}%
            </span>
            <ToolButton label="Zoom in" onClick={() => setZoom(zoomIn)} disabled={zoom >= ZOOM_MAX}>
              <ZoomIn aria-hidden="true" />
            </ToolButton>
            <ToolButton label="Rotate" onClick={() => setRotation(rotateRight)}>
              <RotateCw aria-hidden="true" />
            </ToolButton>
          </>
        ) : null}
        <a
          href={attachment.downloadUrl}
          download={attachment.originalName}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Download"
          title="Download"
          className={cn(buttonClasses('ghost', 'icon'), 'text-white hover:bg-white/15')}
        >
          <Download aria-hidden="true" />
        </a>
        {onDelete ? (
          <ToolButton label="Delete" onClick={() => void remove()} disabled={deleting}>
            <Trash2 aria-hidden="true" />
          </ToolButton>
        ) : null}
        <Dialog.Close asChild>
          <ToolButton label="Close">
            <X aria-hidden="true" />
          </ToolButton>
        </Dialog.Close>
      </div>
      <div className="flex min-h-0 flex-1 items-center justify-center overflow-auto p-4">{content}</div>
    </>
  );
}
