import type { AttachmentDto } from '@trowel/shared/files/attachment.schemas.ts';
import { FileText, ImageOff, Play } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';
import { attachmentKind, thumbnailImageSources } from './attachment-sources.ts';

function Tile({ icon, text, className }: { icon: ReactNode; text: string; className?: string }) {
  return (
    <span
      className={cn(
        'flex size-full flex-col items-center justify-center gap-1 bg-slate-100 p-1 text-center text-slate-500 [&_svg]:size-5',
        className,
      )}
    >
      {icon}
      <span className="w-full truncate text-[11px]">{text}</span>
    </span>
  );
}

/**
 * A small square preview: images try the JPEG thumbnail, then the original, then a placeholder tile;
 * videos show their poster with a play mark; other files their name.
 */
export function AttachmentThumbnail({ attachment }: { attachment: AttachmentDto }) {
  const [failures, setFailures] = useState(0);
  const kind = attachment.status === 'failed' ? 'failed' : attachmentKind(attachment);

  let body;
  if (kind === 'failed') {
    body = <Tile icon={<ImageOff aria-hidden="true" />} text="Processing Failed" />;
  } else if (kind === 'image') {
    const source = thumbnailImageSources(attachment)[failures];
    body = source ? (
      <img
        key={source}
        src={source}
        alt=""
        loading="lazy"
        className="size-full object-cover"
        onError={() => setFailures((count) => count + 1)}
      />
    ) : (
      <Tile icon={<ImageOff aria-hidden="true" />} text={attachment.originalName} />
    );
  } else if (kind === 'video') {
    const poster = failures === 0 ? attachment.variants.poster_jpg : undefined;
    body = (
      <span className="relative block size-full bg-slate-800">
        {poster ? (
          <img
            src={poster}
            alt=""
            loading="lazy"
            className="size-full object-cover"
            onError={() => setFailures(1)}
          />
        ) : null}
        <span className="absolute inset-0 flex items-center justify-center">
          <Play aria-hidden="true" className="size-6 rounded-full bg-black/50 p-1 text-white" />
        </span>
      </span>
    );
  } else {
    body = <Tile icon={<FileText aria-hidden="true" />} text={attachment.originalName} />;
  }

  return (
    <span className="relative block size-full">
      {body}
      {attachment.status === 'processing' ? (
        <span className="absolute inset-0 flex items-center justify-center bg-black/40 text-[11px] font-medium text-white">
          Processing...
        </span>
      ) : null}
    </span>
  );
}
