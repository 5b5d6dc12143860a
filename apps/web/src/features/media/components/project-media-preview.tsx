import { countOf } from '@trowel/shared/format/plural.ts';
import { Link } from 'react-router';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useProjectMedia } from '../api/get-project-media.ts';
import { MediaPreview } from './media-preview.tsx';

/** The project detail page's Media tab: up to 8 files as a grid, each opening in a new tab. */
export function ProjectMediaPreview({ projectId }: { projectId: string }) {
  const query = useProjectMedia(projectId);
  const viewAll = (
    <Button asChild variant="outline" size="sm">
      <Link to={`/media?projectId=${encodeURIComponent(projectId)}`}>View All / Upload</Link>
    </Button>
  );

  if (query.isPending) return <LoadingState label="Loading media files..." />;
  if (query.isError) {
    return (
      <ErrorState
        title="Failed to load media files"
        message={errorMessage(query.error, 'Please try again later.')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const items = query.data.media;
  if (items.length === 0) {
    return (
      <EmptyState
        title="No media files yet"
        description="Photos, videos and documents of this project will show here."
        action={viewAll}
      />
    );
  }
  const total = Math.max(query.data.pagination.totalItems, items.length);
  return (
    <div className="space-y-3">
      <ul aria-label="Latest media files" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {items.map((item) => (
          <li key={item.id}>
            <a
              href={item.viewUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={cn('block overflow-hidden rounded-md border border-slate-200', focusRing)}
            >
              <MediaPreview item={item} className="aspect-square w-full" />
              <span className="sr-only">Open {item.originalName} in a new tab</span>
            </a>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">
          Showing {items.length} of {countOf(total, 'media file')}.
        </p>
        {viewAll}
      </div>
    </div>
  );
}
