import type { MediaItemDto } from '@trowel/shared/media/media.schemas.ts';
import { FileText, Film, HardHat, Image as ImageIcon, ImageOff, Play } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';
import { useInView } from '../hooks/use-in-view.ts';
import { LAZY_IMAGE_MARGIN_PX, MEDIA_IMAGE_TIMEOUT_MS, previewSources } from './media-sources.ts';

type PreviewItem = Pick<
  MediaItemDto,
  'type' | 'status' | 'variants' | 'viewUrl' | 'originalUrl' | 'originalName'
>;

function Overlay({ children, tone = 'dark' }: { children: ReactNode; tone?: 'dark' | 'red' }) {
  return (
    <span
      className={cn(
        'absolute inset-0 flex items-center justify-center p-2 text-center text-xs font-semibold text-white',
        tone === 'red' ? 'bg-red-900/70' : 'bg-slate-900/55',
      )}
    >
      {children}
    </span>
  );
}

/** Shown when a card image is slow: the company's mark instead of an empty box. */
function BrandedPlaceholder() {
  return (
    <span className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-gradient-to-br from-blue-50 to-slate-100 text-blue-700">
      <HardHat aria-hidden="true" className="size-8" />
      <span className="text-xs font-semibold tracking-wide">Trowel</span>
      <span className="sr-only">Preview is taking long to load</span>
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
 * in turn; a branded placeholder after 5 s without one, and the processing state on top.
 */
export function MediaPreview({ item, className }: { item: PreviewItem; className?: string }) {
  const [watch, inView] = useInView(LAZY_IMAGE_MARGIN_PX);
  const sources = previewSources(item);
  const [index, setIndex] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const [slow, setSlow] = useState(false);
  // Pictures load only once processing is done: originals are too heavy for a grid on mobile data.
  const showsPicture = item.type !== 'document' && item.status === 'ready';
  const source = showsPicture ? sources[index] : undefined;
  const hasSource = source !== undefined;
  const exhausted = showsPicture && !hasSource;

  // One timer per card, not per source: the fallbacks share the 5 s.
  useEffect(() => {
    if (!inView || loaded || !hasSource) return;
    const timer = window.setTimeout(() => setSlow(true), MEDIA_IMAGE_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [inView, loaded, hasSource]);

  let overlay: ReactNode = null;
  if (item.status === 'processing') overlay = <Overlay>Processing...</Overlay>;
  else if (item.status === 'failed') overlay = <Overlay tone="red">Processing Failed</Overlay>;
  else if (exhausted) overlay = <Overlay>File Missing</Overlay>;

  let base: ReactNode;
  if (item.type === 'document') {
    base = <Tile icon={<FileText aria-hidden="true" />} text={item.originalName} />;
  } else if (!showsPicture) {
    base = (
      <Tile icon={item.type === 'video' ? <Film aria-hidden="true" /> : <ImageIcon aria-hidden="true" />} />
    );
  } else if (!inView) {
    base = <span className="absolute inset-0 bg-slate-100" />;
  } else if (!source) {
    base = <Tile icon={<ImageOff aria-hidden="true" />} />;
  } else {
    base = (
      <>
        {!loaded && slow ? <BrandedPlaceholder /> : null}
        {!loaded && !slow ? <span className="absolute inset-0 animate-pulse bg-slate-100" /> : null}
        <img
          key={source}
          src={source}
          alt=""
          decoding="async"
          onLoad={() => setLoaded(true)}
          onError={() => setIndex((current) => current + 1)}
          className={cn('absolute inset-0 size-full object-cover', loaded ? 'opacity-100' : 'opacity-0')}
        />
      </>
    );
  }

  return (
    <span ref={watch} className={cn('relative block overflow-hidden bg-slate-100', className)}>
      {base}
      {item.type === 'video' && item.status === 'ready' && !exhausted ? (
        <span className="absolute inset-0 flex items-center justify-center">
          <Play aria-hidden="true" className="size-9 rounded-full bg-black/55 p-2 text-white" />
        </span>
      ) : null}
      {overlay}
    </span>
  );
}
