import { PHOTO_DOWNSCALE } from '@trowel/shared/media/media.schemas.ts';
import { isDownscalablePhoto } from '../../lib/photo-downscale.ts';

interface SendOriginalToggleProps {
  id: string;
  files: readonly File[];
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** Shown when photos are chosen: large ones are reduced before upload unless 'Send original' is ticked. */
export function SendOriginalToggle({
  id,
  files,
  checked,
  onCheckedChange,
  disabled,
}: SendOriginalToggleProps) {
  if (!files.some(isDownscalablePhoto)) return null;
  return (
    <div className="flex items-start gap-2 rounded-md bg-slate-50 p-2 text-sm">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onCheckedChange(event.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-4 shrink-0 accent-blue-600"
      />
      <div>
        <label htmlFor={id} className="font-medium text-slate-800">
          Send original
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          To save mobile data, photos over {PHOTO_DOWNSCALE.maxSide} px or{' '}
          {Math.round(PHOTO_DOWNSCALE.maxBytes / (1024 * 1024))} MB are reduced before upload.
        </p>
      </div>
    </div>
  );
}
