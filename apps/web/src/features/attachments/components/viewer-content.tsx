import type { AttachmentDto } from '@trowel/shared/files/attachment.schemas.ts';
import { FileText, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useSourceChain, type SourceChain } from '../../../hooks/use-source-chain.ts';
import { reportViewFailure } from '../../../lib/file-access.ts';
import { imageSourceChain, videoSources } from '../../../lib/file-sources.ts';

type ViewedFile = Pick<AttachmentDto, 'id' | 'originalName' | 'viewUrl' | 'variants'>;

/** 'Failed to load image or video' with Try Again (spec 1 §2). */
export function LoadFailure({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 text-center">
      <TriangleAlert aria-hidden="true" className="size-10 text-amber-400" />
      <p>Failed to load image or video</p>
      <Button variant="secondary" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}

/** Once every source failed, says why (a HEAD request tells a missing file from a failed load). */
function useFailureNotice(file: ViewedFile, chain: SourceChain) {
  const { exhausted, attemptKey } = chain;
  const { id, viewUrl } = file;
  // Once per round of attempts (attemptKey), not on every render of the same failure.
  useEffect(() => {
    if (exhausted) void reportViewFailure({ id, viewUrl });
  }, [exhausted, attemptKey, id, viewUrl]);
}

/** An image at the viewer's zoom and rotation: the medium JPEG, the original, then a fallback. */
export function ViewerImage({ file, transform }: { file: ViewedFile; transform: string }) {
  const chain = useSourceChain(imageSourceChain(file, 'medium').map((src) => ({ src })));
  useFailureNotice(file, chain);
  if (!chain.source) return <LoadFailure onRetry={chain.restart} />;
  return (
    <img
      key={chain.attemptKey}
      src={chain.source}
      alt={file.originalName}
      onLoad={chain.onLoad}
      onError={chain.onError}
      className="max-h-full max-w-full object-contain transition-transform"
      style={{ transform }}
    />
  );
}

/**
 * A video: the compressed MP4 made for phones on slow networks when there is one (the original if it
 * fails), with the original offered as a choice.
 */
export function ViewerVideo({ file }: { file: ViewedFile }) {
  const { compressed, original } = videoSources(file);
  const [wantsOriginal, setWantsOriginal] = useState(false);
  const attempts = compressed && !wantsOriginal ? [compressed, original] : [original];
  const chain = useSourceChain(attempts.map((src) => ({ src })));
  useFailureNotice(file, chain);

  function choose(original: boolean) {
    setWantsOriginal(original);
    chain.restart();
  }

  if (!chain.source) return <LoadFailure onRetry={chain.restart} />;
  const playingCompressed = chain.source === compressed;
  return (
    <div className="flex max-h-full w-full flex-col items-center gap-2">
      <video
        key={chain.attemptKey}
        src={chain.source}
        controls
        playsInline
        preload="metadata"
        poster={file.variants.poster_jpg}
        onError={chain.onError}
        className="max-h-[calc(100%-2.5rem)] max-w-full"
      >
        <track kind="captions" />
      </video>
      {compressed ? (
        <p className="flex flex-wrap items-center justify-center gap-x-2 text-sm text-slate-300">
          {playingCompressed ? 'Compressed for mobile data.' : 'Original quality.'}
          <Button
            variant="link"
            size="sm"
            className="h-auto px-0 text-blue-300"
            onClick={() => choose(playingCompressed)}
          >
            {playingCompressed ? 'Play original' : 'Play compressed'}
          </Button>
        </p>
      ) : null}
    </div>
  );
}

/** Files the browser does not show: their name and a pointer to Download. */
export function ViewerDocument({ file }: { file: Pick<AttachmentDto, 'originalName'> }) {
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <FileText aria-hidden="true" className="size-12 text-slate-300" />
      <p className="break-all">{file.originalName}</p>
      <p className="text-sm text-slate-300">
        Preview is not available for this file. Download it to open it.
      </p>
    </div>
  );
}
