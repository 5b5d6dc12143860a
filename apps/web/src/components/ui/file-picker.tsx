import { FileText, Film, Image as ImageIcon, Paperclip, Upload, X } from 'lucide-react';
import { useState, type ChangeEvent, type DragEvent } from 'react';
import { mediaKindOf } from '@trowel/shared/files/attachment.schemas.ts';
import { checkFiles, formatFileSize, type FileRejection, type FileRules } from '../../lib/file-checks.ts';
import { cn } from '../../lib/cn.ts';
import { buttonClasses, focusRing } from './button.tsx';

interface FilePickerProps {
  id: string;
  /** The words on the zone or button, e.g. 'Attach files'. */
  label: string;
  hint?: string;
  files: readonly File[];
  onFilesChange: (files: File[]) => void;
  rules: FileRules;
  /** 'area' is a large drop zone; 'button' a compact button that also takes dropped files. */
  variant?: 'area' | 'button';
  disabled?: boolean;
  /** Told about refused files, besides the list of them under the picker. */
  onRejected?: (rejections: FileRejection[]) => void;
}

function KindIcon({ file }: { file: File }) {
  const kind = file.type.startsWith('video/') ? 'video' : mediaKindOf(file.name);
  if (kind === 'image') return <ImageIcon aria-hidden="true" />;
  if (kind === 'video') return <Film aria-hidden="true" />;
  return <FileText aria-hidden="true" />;
}

/** Choose or drop files, within the rules; shows the chosen files (removable) and why others were refused. */
export function FilePicker(props: FilePickerProps) {
  const { id, label, hint, files, onFilesChange, rules, variant = 'area', disabled, onRejected } = props;
  const [rejections, setRejections] = useState<FileRejection[]>([]);
  const [dragging, setDragging] = useState(false);

  function add(chosen: File[]) {
    if (disabled || chosen.length === 0) return;
    const { accepted, rejected } = checkFiles(chosen, files.length, rules);
    setRejections(rejected);
    if (rejected.length > 0) onRejected?.(rejected);
    if (accepted.length > 0) onFilesChange([...files, ...accepted]);
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    // Cleared so choosing the same file again after removing it still counts as a change.
    event.target.value = '';
    add(chosen);
  }

  const dragHandlers = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      if (!disabled) setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      add(Array.from(event.dataTransfer.files));
    },
  };

  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="space-y-2" {...dragHandlers}>
      <input
        id={id}
        type="file"
        multiple={rules.maxFiles > 1}
        accept={rules.accept?.join(',')}
        disabled={disabled}
        onChange={choose}
        aria-describedby={hintId}
        className="peer sr-only"
      />
      {variant === 'area' ? (
        <label
          htmlFor={id}
          className={cn(
            'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center',
            'peer-focus-visible:ring-2 peer-focus-visible:ring-blue-600 peer-focus-visible:ring-offset-2',
            dragging ? 'border-blue-500 bg-blue-50' : 'border-slate-300 bg-slate-50 hover:border-blue-400',
            disabled && 'cursor-not-allowed opacity-60',
          )}
        >
          <Upload aria-hidden="true" className="size-8 text-slate-400" />
          <span className="text-sm font-medium text-slate-800">{label}</span>
        </label>
      ) : (
        <label
          htmlFor={id}
          className={cn(
            buttonClasses('outline', 'sm'),
            'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-blue-600',
            dragging && 'border-blue-500 bg-blue-50',
            disabled && 'pointer-events-none opacity-60',
          )}
        >
          <Paperclip aria-hidden="true" />
          {label}
        </label>
      )}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {rejections.length > 0 ? (
        <ul role="alert" className="space-y-0.5 text-sm text-red-700">
          {rejections.map(({ file, errors }, index) => (
            <li key={`${file.name}-${index}`} className="wrap-anywhere">
              {file.name}: {errors.join('; ')}
            </li>
          ))}
        </ul>
      ) : null}
      {files.length > 0 ? (
        <ul aria-label="Chosen files" className="space-y-1">
          {files.map((file, index) => (
            <li
              key={`${file.name}-${index}`}
              className="flex items-center gap-2 rounded-md border border-slate-200 bg-white px-2 py-1.5 text-sm [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-slate-500"
            >
              <KindIcon file={file} />
              <span className="min-w-0 flex-1 truncate text-slate-800">{file.name}</span>
              <span className="shrink-0 text-xs text-slate-500">{formatFileSize(file.size)}</span>
              <button
                type="button"
                disabled={disabled}
                onClick={() => onFilesChange(files.filter((_, other) => other !== index))}
                className={cn('rounded p-1 text-slate-500 hover:text-red-700', focusRing)}
              >
                <X aria-hidden="true" />
                <span className="sr-only">Remove {file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
