import type { AttachmentDto } from '@trowel/shared/files/attachment.schemas.ts';
import { Download, FileText, X } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';

/** Size in KB with one decimal, as the budget screen shows it. */
export const sizeInKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const typeOf = (mime: string, name: string) =>
  mime && mime !== 'application/octet-stream' ? mime : (name.split('.').pop()?.toUpperCase() ?? 'File');

interface BudgetDocumentsProps {
  saved: readonly AttachmentDto[];
  /** Files chosen on the form and not uploaded yet, marked new. */
  pending?: readonly File[];
  onRemoveSaved?: (document: AttachmentDto) => void;
  onRemovePending?: (index: number) => void;
}

/** Supporting documents in a grid of 4 per row (2 on a phone): name, size in KB and type. */
export function BudgetDocuments({
  saved,
  pending = [],
  onRemoveSaved,
  onRemovePending,
}: BudgetDocumentsProps) {
  if (saved.length === 0 && pending.length === 0) return null;
  return (
    <ul aria-label="Supporting documents" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {saved.map((document) => (
        <li
          key={document.id}
          className="flex min-w-0 flex-col gap-1 rounded-md border border-slate-200 p-2 text-xs"
        >
          <FileText aria-hidden="true" className="size-5 text-slate-500" />
          <a
            href={document.viewUrl}
            target="_blank"
            rel="noreferrer"
            className="font-medium wrap-anywhere text-blue-700 hover:underline"
          >
            {document.originalName}
          </a>
          <span className="text-slate-600">{sizeInKb(document.size)}</span>
          <span className="truncate text-slate-500">{typeOf(document.mimeType, document.originalName)}</span>
          <div className="mt-auto flex gap-1">
            <Button asChild variant="ghost" size="sm" aria-label={`Download ${document.originalName}`}>
              <a href={document.downloadUrl}>
                <Download aria-hidden="true" className="size-4" />
              </a>
            </Button>
            {onRemoveSaved ? (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${document.originalName}`}
                onClick={() => onRemoveSaved(document)}
              >
                <X aria-hidden="true" className="size-4" />
              </Button>
            ) : null}
          </div>
        </li>
      ))}
      {pending.map((file, index) => (
        <li
          key={`${file.name}-${index}`}
          className="flex min-w-0 flex-col gap-1 rounded-md border border-dashed border-blue-300 p-2 text-xs"
        >
          <FileText aria-hidden="true" className="size-5 text-blue-500" />
          <span className="font-medium wrap-anywhere text-slate-900">{file.name}</span>
          <span className="text-slate-600">{sizeInKb(file.size)}</span>
          <span className="truncate text-slate-500">{typeOf(file.type, file.name)}</span>
          <div className="mt-auto flex items-center gap-1">
            <Badge tone="blue">New</Badge>
            {onRemovePending ? (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${file.name}`}
                onClick={() => onRemovePending(index)}
              >
                <X aria-hidden="true" className="size-4" />
              </Button>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
