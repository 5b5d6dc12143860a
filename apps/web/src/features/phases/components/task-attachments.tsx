import {
  MAX_FILES_PER_UPLOAD,
  mediaKindOf,
  type AttachmentDto,
  fileMaxBytes as sharedFileMaxBytes,
} from '@trowel/shared/files/attachment.schemas.ts';
import { Eye, EyeOff, FileText, Paperclip, X } from 'lucide-react';
import type { ChangeEvent, ReactNode } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClasses, focusRing } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import type { TaskDraft } from './phase-draft.ts';

interface TaskAttachmentsProps {
  task: TaskDraft;
  editable: boolean;
  onChange: (patch: Partial<TaskDraft>) => void;
  onView: (attachment: AttachmentDto, remove?: () => void) => void;
  renderThumbnail: (attachment: AttachmentDto) => ReactNode;
}

function RemoveButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        'absolute top-1 right-1 rounded-full bg-white/90 p-1 text-slate-700 shadow hover:text-red-700',
        focusRing,
      )}
    >
      <X aria-hidden="true" className="size-3.5" />
      <span className="sr-only">Remove {name}</span>
    </button>
  );
}

/** The size limit of a file: videos may be larger than images and documents. */
export function fileMaxBytes(file: Pick<File, 'name' | 'type'>): number {
  return sharedFileMaxBytes(file.type.startsWith('video/') ? 'video' : mediaKindOf(file.name));
}

/** Which chosen files can be added: at most 5 waiting per task, each within its size limit. */
export function acceptFiles(waiting: number, chosen: readonly File[]): File[] {
  const small = chosen.filter((file) => file.size <= fileMaxBytes(file));
  for (const file of chosen.filter((candidate) => !small.includes(candidate))) {
    toast.error('Upload Failed', {
      description: `${file.name}: File is larger than ${fileMaxBytes(file)} bytes`,
    });
  }
  const room = Math.max(0, MAX_FILES_PER_UPLOAD - waiting);
  if (small.length > room) {
    toast.error('Too many files', {
      description: `Up to ${MAX_FILES_PER_UPLOAD} new files can be attached to a task at a time.`,
    });
  }
  return small.slice(0, room);
}

/** Shows a saved file to the project's client or hides it, on Save; says which it is now. */
function ClientVisibilityButton({
  attachment,
  onToggle,
}: {
  attachment: AttachmentDto;
  onToggle: () => void;
}) {
  const shown = attachment.isClientVisible;
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={shown}
      className={cn(
        'absolute bottom-1 left-1 rounded-full p-1 shadow',
        shown ? 'bg-green-700 text-white' : 'bg-white/90 text-slate-700',
        focusRing,
      )}
    >
      {shown ? (
        <Eye aria-hidden="true" className="size-3.5" />
      ) : (
        <EyeOff aria-hidden="true" className="size-3.5" />
      )}
      <span className="sr-only">Client can see {attachment.originalName}</span>
    </button>
  );
}

/** Saved attachments and files waiting to be uploaded (flagged new), four to a row. */
export function TaskAttachments({ task, editable, onChange, onView, renderThumbnail }: TaskAttachmentsProps) {
  const inputId = `task-${task.key}-files`;
  const removeSaved = (attachment: AttachmentDto) =>
    onChange({
      attachments: task.attachments.filter((other) => other.id !== attachment.id),
      removedAttachmentIds: [...task.removedAttachmentIds, attachment.id],
    });

  const toggleClientVisible = (attachment: AttachmentDto) =>
    onChange({
      attachments: task.attachments.map((other) =>
        other.id === attachment.id ? { ...other, isClientVisible: !other.isClientVisible } : other,
      ),
    });

  function addFiles(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    const accepted = acceptFiles(task.newFiles.length, chosen);
    if (accepted.length > 0) onChange({ newFiles: [...task.newFiles, ...accepted] });
  }

  const empty = task.attachments.length === 0 && task.newFiles.length === 0;
  return (
    <div className="mt-4">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h4 className="text-sm font-medium text-slate-800">Attachments</h4>
        {editable ? (
          <>
            <input id={inputId} type="file" multiple className="peer sr-only" onChange={addFiles} />
            <label
              htmlFor={inputId}
              className={cn(
                buttonClasses('outline', 'sm'),
                'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-blue-600',
              )}
            >
              <Paperclip aria-hidden="true" />
              Add attachments
            </label>
          </>
        ) : null}
      </div>
      {empty ? <p className="text-xs text-slate-500">No attachments.</p> : null}
      {editable && task.newFiles.length > 0 ? (
        <label className="mb-2 flex items-center gap-2 text-xs text-slate-700">
          <input
            type="checkbox"
            checked={task.newFilesClientVisible}
            onChange={(event) => onChange({ newFilesClientVisible: event.target.checked })}
            className="size-4 rounded border-slate-300"
          />
          The client can see the new files
        </label>
      ) : null}
      <ul
        aria-label={`Attachments of task ${task.name || 'without a name'}`}
        className="grid grid-cols-4 gap-2"
      >
        {task.attachments.map((attachment) => {
          const remove = editable ? () => removeSaved(attachment) : undefined;
          return (
            <li key={attachment.id} className="relative aspect-square">
              <button
                type="button"
                onClick={() => onView(attachment, remove)}
                className={cn(
                  'block size-full overflow-hidden rounded-md border border-slate-200',
                  focusRing,
                )}
              >
                {renderThumbnail(attachment)}
                <span className="sr-only">View {attachment.originalName}</span>
              </button>
              {remove ? <RemoveButton name={attachment.originalName} onClick={remove} /> : null}
              {editable ? (
                <ClientVisibilityButton
                  attachment={attachment}
                  onToggle={() => toggleClientVisible(attachment)}
                />
              ) : null}
            </li>
          );
        })}
        {task.newFiles.map((file, index) => (
          <li
            key={`${file.name}-${index}`}
            className="relative flex aspect-square flex-col items-center justify-center gap-1 rounded-md border border-dashed border-blue-300 bg-blue-50 p-1 text-center"
          >
            <FileText aria-hidden="true" className="size-5 text-blue-600" />
            <span className="w-full truncate text-[11px] text-slate-700">{file.name}</span>
            <Badge tone="blue" className="px-1.5 text-[10px]">
              new
            </Badge>
            {editable ? (
              <RemoveButton
                name={file.name}
                onClick={() => onChange({ newFiles: task.newFiles.filter((_, other) => other !== index) })}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
