import type { AttachmentDto } from '@trowel/shared/files/attachment.schemas.ts';
import { Paperclip } from 'lucide-react';

/** Files as links that open them in a new tab, each with its name; 'No attachments.' when there are none. */
export function FileLinks({ files }: { files: readonly AttachmentDto[] }) {
  if (files.length === 0) return <p className="text-sm text-slate-500">No attachments.</p>;
  return (
    <ul className="space-y-1">
      {files.map((file) => (
        <li key={file.id}>
          <a
            href={file.viewUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline wrap-anywhere"
          >
            <Paperclip aria-hidden="true" className="size-4 shrink-0" />
            {file.originalName}
          </a>
        </li>
      ))}
    </ul>
  );
}
