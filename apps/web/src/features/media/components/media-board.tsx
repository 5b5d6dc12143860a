import { countOf } from '@trowel/shared/format/plural.ts';
import { useQueryClient } from '@tanstack/react-query';
import { projectScope } from '@trowel/shared/auth/scope.ts';
import { canUploadMedia } from '@trowel/shared/media/media.policy.ts';
import type { MediaItemDto, MediaUploadAnswer } from '@trowel/shared/media/media.schemas.ts';
import { Upload, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { EmptyStateProps } from '../../../components/ui/states.tsx';
import { useProjectIdParam } from '../../../hooks/use-project-id-param.ts';
import { invalidateAll, staleAfter } from '../../../lib/query-keys.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useMedia } from '../api/get-media.ts';
import { useProcessingWatch } from '../hooks/use-processing-watch.ts';
import { useRefreshFailureNotice } from '../hooks/use-refresh-failure-notice.ts';
import type { MediaTypeFilter, OpenMedia, ProjectChoice } from '../types.ts';
import { DeleteMediaDialog } from './delete-media-dialog.tsx';
import { MediaFilters } from './media-filters.tsx';
import { MediaGrid } from './media-grid.tsx';
import { UploadPanel } from './upload-panel.tsx';

interface MediaBoardProps {
  /** The projects the user can see, for the filter and the upload panel. */
  projects: readonly ProjectChoice[];
  /** Opens a file in the viewer overlay (a new tab when not given). */
  onOpen?: OpenMedia;
}

const filesText = (count: number) => countOf(count, 'media file');

/** The media screen: upload panel, filters, the count and the cards; uploads are followed until processed. */
export function MediaBoard({ projects, onOpen }: MediaBoardProps) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const mayUpload = canUploadMedia(user);
  const [projectId, setProject] = useProjectIdParam();
  const [type, setType] = useState<MediaTypeFilter>('all');
  // A link with a project (from its detail page) comes to upload to it.
  const [uploading, setUploading] = useState(() => mayUpload && Boolean(projectId));
  const [pendingDelete, setPendingDelete] = useState<MediaItemDto | null>(null);
  const list = useMedia({ projectId: projectId || undefined, type });
  const { processing, watch } = useProcessingWatch();
  useRefreshFailureNotice(list.query);

  const open = (item: MediaItemDto) => {
    const remove = item.canDelete ? () => setPendingDelete(item) : undefined;
    if (onOpen) onOpen(item, remove);
    else window.open(item.viewUrl, '_blank', 'noopener,noreferrer');
  };

  const uploaded = (answer: MediaUploadAnswer) => {
    setUploading(false);
    const waiting = answer.processingResults.filter((result) => result.status === 'processing');
    toast.success('Upload Complete', {
      description: waiting.length
        ? `${filesText(answer.processingResults.length)} uploaded. Processing...`
        : `${filesText(answer.processingResults.length)} uploaded.`,
    });
    void invalidateAll(queryClient, staleAfter.mediaAdded(answer.media));
    void watch(waiting.map((result) => result.processingId));
  };

  const uploadAction = (
    <Button onClick={() => setUploading(true)}>
      <Upload aria-hidden="true" />
      Upload Media
    </Button>
  );
  let empty: EmptyStateProps;
  if (projectScope(user) === 'own') {
    empty = {
      title: 'No media files yet',
      description: 'No photos or documents have been shared with you yet.',
    };
  } else {
    empty = {
      title: 'No media files found',
      description:
        projectId || type !== 'all'
          ? 'Try another project or type, or upload the first files.'
          : 'Photos, videos and documents of your projects will show here.',
      action: mayUpload && !uploading ? uploadAction : undefined,
    };
  }

  return (
    <section aria-label="Project Media">
      <PageHeader
        title="Project Media"
        description="Photos, videos and documents from site."
        actions={
          mayUpload ? (
            uploading ? (
              <Button variant="outline" onClick={() => setUploading(false)}>
                <X aria-hidden="true" />
                Cancel Upload
              </Button>
            ) : (
              uploadAction
            )
          ) : null
        }
      />
      {uploading ? <UploadPanel projects={projects} projectId={projectId} onUploaded={uploaded} /> : null}
      <MediaFilters
        projects={projects}
        projectId={projectId}
        onProjectChange={setProject}
        type={type}
        onTypeChange={setType}
      />
      <div className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
        {list.query.isSuccess ? <p aria-live="polite">{filesText(list.total)} found</p> : null}
        {processing > 0 ? (
          <p role="status" className="flex items-center gap-2 text-blue-700">
            <Spinner className="size-4" />
            Processing {countOf(processing, 'file')}...
          </p>
        ) : null}
      </div>
      <MediaGrid
        list={list}
        empty={empty}
        onOpen={open}
        onDelete={setPendingDelete}
        showClientVisibility={projectScope(user) === 'all'}
      />
      <DeleteMediaDialog item={pendingDelete} onClose={() => setPendingDelete(null)} />
    </section>
  );
}
