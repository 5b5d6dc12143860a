import type { AttachmentDto } from '@trowel/shared/files/attachment.schemas.ts';
import { FileText, Film, Image as ImageIcon, ImageOff, Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { BrandedPlaceholder } from '../../../components/ui/branded-placeholder.tsx';
import { useInView } from '../../../hooks/use-in-view.ts';
import { useSourceChain } from '../../../hooks/use-source-chain.ts';
import { cn } from '../../../lib/cn.ts';
import {
  imageSourceChain,
  LAZY_IMAGE_MARGIN_PX,
  videoPosterAttempts,
  type SourceAttempt,
} from '../../../lib/file-sources.ts';
import { attachmentKind } from './attachment-sources.ts';

function Tile({ icon, text, className }: { icon: ReactNode; text?: string; className?: string }) {
  return (
    <span
      className={cn(
        'flex size-full flex-col items-center justify-center gap-1 bg-slate-100 p-1 text-center text-slate-500 [&_svg]:size-5',
        className,
      )}
    >
      {icon}
      {text ? <span className="w-full truncate text-[11px]">{text}</span> : null}
    </span>
  );
}

function attemptsFor(attachment: AttachmentDto, kind: string): SourceAttempt[] {
  if (attachment.status === 'failed') return [];
  if (kind === 'image') return imageSourceChain(attachment, 'thumbnail').map((src) => ({ src }));
  if (kind === 'video') return videoPosterAttempts(attachment);
  return [];
}

/**
 * A small square preview, loaded once within 50 px of view: images try the JPEG thumbnail, the
 * original, then a fallback, then show a placeholder tile; videos their poster (1500 ms, then
 * 1000 ms) under a play mark, then the branded placeholder; other files their name.
 */
export function AttachmentThumbnail({ attachment }: { attachment: AttachmentDto }) {
  const [watch, inView] = useInView(LAZY_IMAGE_MARGIN_PX);
  const kind = attachmentKind(attachment);
  const chain = useSourceChain(attemptsFor(attachment, kind), inView);

  let body: ReactNode;
  if (attachment.status === 'failed') {
    body = <Tile icon={<ImageOff aria-hidden="true" />} text="Processing Failed" />;
  } else if (kind === 'document') {
    body = <Tile icon={<FileText aria-hidden="true" />} text={attachment.originalName} />;
  } else if (kind === 'image' && chain.exhausted) {
    body = <Tile icon={<ImageOff aria-hidden="true" />} text={attachment.originalName} />;
  } else {
    body = (
      <span className={cn('relative block size-full', kind === 'video' ? 'bg-slate-800' : 'bg-slate-100')}>
        {/* A placeholder until a picture has loaded: a source that fails never shows a broken image. */}
        {chain.loaded ? null : (
          <Tile
            icon={kind === 'video' ? <Film aria-hidden="true" /> : <ImageIcon aria-hidden="true" />}
            className={cn('absolute inset-0', kind === 'video' && 'bg-slate-800 text-slate-400')}
          />
        )}
        {chain.source ? (
          <img
            key={chain.attemptKey}
            src={chain.source}
            alt=""
            decoding="async"
            onLoad={chain.onLoad}
            onError={chain.onError}
            className={cn('relative size-full object-cover', chain.loaded ? 'opacity-100' : 'opacity-0')}
          />
        ) : null}
        {kind === 'video' && chain.exhausted ? <BrandedPlaceholder compact /> : null}
        {kind === 'video' ? (
          <span className="absolute inset-0 flex items-center justify-center">
            <Play aria-hidden="true" className="size-6 rounded-full bg-black/50 p-1 text-white" />
          </span>
        ) : null}
      </span>
    );
  }

  return (
    <span ref={watch} className="relative block size-full">
      {body}
      {attachment.status === 'processing' ? (
        // Dark enough that white text keeps 4.5:1 over any picture, a white one included.
        <span className="absolute inset-0 flex items-center justify-center bg-black/60 text-[11px] font-medium text-white">
          Processing...
        </span>
      ) : null}
    </span>
  );
}
