import { UNKNOWN_USER } from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import type { MediaItemDto } from '@trowel/shared/media/media.schemas.ts';
import { Calendar, Clock, Download, ExternalLink, HardDrive, Trash2, UserRound } from 'lucide-react';
import { useState, type Ref } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { IconDetail } from '../../../components/ui/icon-detail.tsx';
import { cn } from '../../../lib/cn.ts';
import { downloadWithNotice } from '../../../lib/file-access.ts';
import { formatFileSize } from '../../../lib/file-checks.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { MediaPreview } from './media-preview.tsx';
import { formatDuration } from './media-sources.ts';

interface MediaCardProps {
  item: MediaItemDto;
  onOpen: (item: MediaItemDto) => void;
  /** Offered when the user may delete the file. */
  onDelete?: ((item: MediaItemDto) => void) | undefined;
  showClientVisibility: boolean;
  ref?: Ref<HTMLElement>;
}

/** A media file: its picture (tap to view), name, description, uploader, size, date and video length. */
export function MediaCard({ item, onOpen, onDelete, showClientVisibility, ref }: MediaCardProps) {
  const titleId = `media-${item.id}-title`;
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      await downloadWithNotice(item, 'media');
    } finally {
      setDownloading(false);
    }
  }

  return (
    <article
      ref={ref}
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <button type="button" onClick={() => onOpen(item)} className={cn('block w-full text-left', focusRing)}>
        <MediaPreview key={item.id} item={item} className="aspect-[4/3] w-full" />
        <span className="sr-only">View {item.originalName}</span>
      </button>
      <div className="flex flex-1 flex-col p-3">
        <div className="flex items-start gap-2">
          <h2
            id={titleId}
            title={item.originalName}
            className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900"
          >
            {item.originalName}
          </h2>
          {showClientVisibility && item.isClientVisible ? <Badge tone="green">Client</Badge> : null}
        </div>
        {item.projectTitle ? (
          <p title={item.projectTitle} className="truncate text-xs text-slate-500">
            {item.projectTitle}
          </p>
        ) : null}
        {item.description ? (
          <p className="mt-1 line-clamp-2 text-sm wrap-anywhere text-slate-600">{item.description}</p>
        ) : null}
        <div className="mt-2 flex-1 space-y-1">
          <IconDetail icon={<UserRound aria-hidden="true" />}>
            {item.uploaderName?.trim() || UNKNOWN_USER}
          </IconDetail>
          <IconDetail icon={<HardDrive aria-hidden="true" />}>{formatFileSize(item.size)}</IconDetail>
          <IconDetail icon={<Calendar aria-hidden="true" />}>{formatDate(item.uploadDate)}</IconDetail>
          {item.type === 'video' && item.duration !== null ? (
            <IconDetail icon={<Clock aria-hidden="true" />}>
              Duration {formatDuration(item.duration)}
            </IconDetail>
          ) : null}
        </div>
        {item.status === 'failed' && item.failureReason ? (
          <p className="mt-2 text-xs text-red-700">{item.failureReason}</p>
        ) : null}
        <div className="mt-3 flex flex-wrap gap-1 border-t border-slate-100 pt-2 [&>*]:px-2">
          <Button asChild variant="ghost" size="sm">
            <a
              href={item.viewUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Open ${item.originalName} in a new tab`}
            >
              <ExternalLink aria-hidden="true" />
              Open
            </a>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void download()}
            disabled={downloading}
            aria-label={`Download ${item.originalName}`}
          >
            <Download aria-hidden="true" />
            Download
          </Button>
          {onDelete ? (
            <Button
              variant="ghost"
              size="sm"
              className="ml-auto text-red-700 hover:bg-red-50"
              onClick={() => onDelete(item)}
              aria-label={`Delete ${item.originalName}`}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          ) : null}
        </div>
      </div>
    </article>
  );
}
