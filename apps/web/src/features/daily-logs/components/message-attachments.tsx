import type { AttachmentDto } from '@trowel/shared/files/attachment.schemas.ts';
import { focusRing } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useAttachmentSlots } from './attachment-slots.tsx';

/** The files of a log or reply as small tiles; a tap opens the viewer. */
export function MessageAttachments({ attachments }: { attachments: readonly AttachmentDto[] }) {
  const { renderThumbnail, open } = useAttachmentSlots();
  if (attachments.length === 0) return null;
  return (
    <ul aria-label="Attachments" className="mt-3 grid grid-cols-4 gap-2 sm:grid-cols-6 lg:grid-cols-8">
      {attachments.map((attachment) => (
        <li key={attachment.id} className="aspect-square">
          <button
            type="button"
            onClick={() => open(attachment)}
            className={cn('block size-full overflow-hidden rounded-md border border-slate-200', focusRing)}
          >
            <span aria-hidden="true" className="block size-full">
              {renderThumbnail(attachment)}
            </span>
            <span className="sr-only">View {attachment.originalName}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
