import type { MediaItemDto } from '@trowel/shared/media/media.schemas.ts';
import { FileText, Film, Image as ImageIcon, ImageOff, Play } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { BrandedPlaceholder } from '../../../components/ui/branded-placeholder.tsx';
import { useInView } from '../../../hooks/use-in-view.ts';
import { useSourceChain } from '../../../hooks/use-source-chain.ts';
import { cn } from '../../../lib/cn.ts';
import { LAZY_IMAGE_MARGIN_PX } from '../../../lib/file-sources.ts';
import { MEDIA_IMAGE_TIMEOUT_MS, previewAttempts } from './media-sources.ts';

type PreviewItem = Pick<MediaItemDto, 'type' | 'status' | 'variants' | 'viewUrl' | 'originalName'>;

/** A label over a preview, dark enough that white text keeps 4.5:1 over any picture, a white one included. */
function Overlay({ children, tone = 'dark' }: { children: ReactNode; tone?: 'dark' | 'red' }) {
  return (
    <span
      className={cn(
        'absolute inset-0 flex items-center justify-center p-2 text-center text-xs font-semibold text-white',
        tone === 'red' ? 'bg-red-900/70' : 'bg-slate-900/70',
      )}
    >
      {children}
    </span>
  );
}

function Tile({ icon, text }: { icon: ReactNode; text?: string }) {
  return (
    <span className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-slate-100 p-2 text-center text-slate-500 [&_svg]:size-7">
      {icon}
      {text ? <span className="w-full truncate text-xs">{text}</span> : null}
    </span>
  );
}

/**
 * A media file's picture for cards and grids: loaded once within 50 px of view, trying each source
 * in turn. Images get a branded placeholder after 5 s without a picture, and 'File Missing' when no
 * source loads; videos the branded placeholder once both poster tries have timed out or failed.
 */
export function MediaPreview({ item, className }: { item: PreviewItem; className?: string }) {
  const [watch, inView] = useInView(LAZY_IMAGE_MARGIN_PX);
  // Pictures load only once processing is done: originals are too heavy for a grid on mobile data.
  const showsPicture = item.type !== 'document' && item.status === 'ready';
  const chain = useSourceChain(previewAttempts(item), inView && showsPicture);
  const [slow, setSlow] = useState(false);
  const { source, loaded, exhausted } = chain;
  const hasSource = source !== undefined;

  // One timer per card, not per source: the fallbacks share the 5 s.
  useEffect(() => {
    if (loaded || !hasSource) return;
    const timer = window.setTimeout(() => setSlow(true), MEDIA_IMAGE_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [loaded, hasSource]);

  // A picture is missing when no image source loads, or a processed video has no poster.
  const missing =
    showsPicture && (item.type === 'image' ? exhausted : item.variants.poster_jpg === undefined);
  let overlay: ReactNode = null;
  if (item.status === 'processing') overlay = <Overlay>Processing...</Overlay>;
  else if (item.status === 'failed') overlay = <Overlay tone="red">Processing Failed</Overlay>;
  else if (missing) overlay = <Overlay>File Missing</Overlay>;

  let base: ReactNode;
  if (item.type === 'document') {
    base = <Tile icon={<FileText aria-hidden="true" />} text={item.originalName} />;
  } else if (!showsPicture) {
    base = (
      <Tile icon={item.type === 'video' ? <Film aria-hidden="true" /> : <ImageIcon aria-hidden="true" />} />
    );
  } else if (!inView) {
    base = <span className="absolute inset-0 bg-slate-100" />;
  } else if (missing) {
    base = (
      <Tile icon={item.type === 'video' ? <Film aria-hidden="true" /> : <ImageOff aria-hidden="true" />} />
    );
  } else if (!source) {
    // Both poster tries of a video timed out or failed (spec 1 §8).
    base = <BrandedPlaceholder />;
  } else {
    base = (
      <>
        {!loaded && slow ? <BrandedPlaceholder /> : null}
        {!loaded && !slow ? <span className="absolute inset-0 animate-pulse bg-slate-100" /> : null}
        <img
          key={chain.attemptKey}
          src={source}
          alt=""
          decoding="async"
          onLoad={chain.onLoad}
          onError={chain.onError}
          className={cn('absolute inset-0 size-full object-cover', loaded ? 'opacity-100' : 'opacity-0')}
        />
      </>
    );
  }

  return (
    <span ref={watch} className={cn('relative block overflow-hidden bg-slate-100', className)}>
      {base}
      {item.type === 'video' && showsPicture && !missing ? (
        <span className="absolute inset-0 flex items-center justify-center">
          <Play aria-hidden="true" className="size-9 rounded-full bg-black/55 p-2 text-white" />
        </span>
      ) : null}
      {overlay}
    </span>
  );
}
