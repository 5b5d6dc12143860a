import type { AttachmentDto } from '@trowel/shared/files/attachment.schemas.ts';
import type { MediaType } from '@trowel/shared/media/media.schemas.ts';
import { Download, RotateCw, Trash2, X, ZoomIn, ZoomOut } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useState, type ComponentProps } from 'react';
import { toast } from 'sonner';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { useReturnFocus } from '../../../hooks/use-return-focus.ts';
import { cn } from '../../../lib/cn.ts';
import {
  downloadWithNotice,
  FILE_MESSAGES,
  isUsableFile,
  type FileOrigin,
} from '../../../lib/file-access.ts';
import { attachmentKind } from './attachment-sources.ts';
import { rotateRight, ZOOM_MAX, ZOOM_MIN, zoomIn, zoomOut } from './viewer-controls.ts';
import { LoadFailure, ViewerDocument, ViewerImage, ViewerVideo } from './viewer-content.tsx';

/** A stored file; media items also say their type. */
type ViewedAttachment = AttachmentDto & { type?: MediaType | undefined };

interface AttachmentViewerProps {
  /** The file shown; null keeps the viewer closed. */
  attachment: ViewedAttachment | null;
  onClose: () => void;
  /** Offers Delete only when given. */
  onDelete?: ((attachment: AttachmentDto) => void | Promise<void>) | undefined;
  /** Whose file it is, for the words of a failed download; a log, reply or task attachment by default. */
  origin?: FileOrigin;
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
export function AttachmentViewer({
  attachment,
  onClose,
  onDelete,
  origin = 'attachment',
}: AttachmentViewerProps) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={attachment !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/95" />
        <Dialog.Content
          {...returnFocus}
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col text-white focus:outline-none"
        >
          {attachment ? (
            <ViewerBody
              key={attachment.id}
              attachment={attachment}
              onClose={onClose}
              onDelete={onDelete}
              origin={origin}
            />
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
  origin = 'attachment',
}: AttachmentViewerProps & { attachment: ViewedAttachment }) {
  const [zoom, setZoom] = useState(100);
  const [rotation, setRotation] = useState(0);
  const [deleting, setDeleting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const usable = isUsableFile(attachment);
  const kind = attachmentKind(attachment);

  useEffect(() => {
    if (usable) return;
    const { title, description } = FILE_MESSAGES.invalid;
    // An id of its own keeps one notice per file however often this runs.
    toast.error(title, { description, id: `invalid-attachment-${attachment.id}` });
  }, [usable, attempt, attachment.id]);

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

  async function download() {
    setDownloading(true);
    try {
      await downloadWithNotice(attachment, origin);
    } finally {
      setDownloading(false);
    }
  }

  let content;
  if (!usable) content = <LoadFailure onRetry={() => setAttempt((count) => count + 1)} />;
  else if (kind === 'image') {
    content = <ViewerImage file={attachment} transform={`scale(${zoom / 100}) rotate(${rotation}deg)`} />;
  } else if (kind === 'video') content = <ViewerVideo file={attachment} />;
  else content = <ViewerDocument file={attachment} />;

  return (
    <>
      {/* Phones give the name its own line (two at most) above the tools; wider screens one row. */}
      <div className="flex flex-wrap items-center gap-1 border-b border-white/10 bg-slate-950/60 px-2 py-2 sm:flex-nowrap sm:px-4">
        <Dialog.Title
          title={attachment.originalName}
          className="line-clamp-2 min-w-0 basis-full px-1 text-sm font-medium wrap-anywhere sm:line-clamp-1 sm:flex-1 sm:basis-auto"
        >
          {attachment.originalName}
        </Dialog.Title>
        <div className="ml-auto flex items-center gap-1">
          {kind === 'image' && usable ? (
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
          <ToolButton label="Download" onClick={() => void download()} disabled={downloading}>
            <Download aria-hidden="true" />
          </ToolButton>
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
      </div>
      <div className="flex min-h-0 flex-1 items-center justify-center overflow-auto p-4">{content}</div>
    </>
  );
}
