import type { MediaItemDto } from '@trowel/shared/media/media.schemas.ts';
import { useState } from 'react';
import { AttachmentViewer } from '../../features/attachments/components/attachment-viewer.tsx';
import { MediaBoard } from '../../features/media/components/media-board.tsx';
import { useProjectChoices } from './project-choices.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

interface Viewing {
  item: MediaItemDto;
  remove: (() => void) | undefined;
}

/** /media: the project media, opened in the shared viewer overlay (Delete there asks first). */
export function MediaRoute() {
  const projects = useProjectChoices();
  useDocumentTitle('Project Media');
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const remove = viewing?.remove;
  return (
    <>
      <MediaBoard projects={projects} onOpen={(item, onRemove) => setViewing({ item, remove: onRemove })} />
      <AttachmentViewer
        attachment={viewing?.item ?? null}
        onClose={() => setViewing(null)}
        onDelete={remove ? () => remove() : undefined}
        origin="media"
      />
    </>
  );
}
