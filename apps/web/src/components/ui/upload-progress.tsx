import { ProgressBar } from './progress-bar.tsx';

/** How much of an upload has been sent, as a bar and a percentage. */
export function UploadProgress({ fraction, label = 'Uploading...' }: { fraction: number; label?: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="space-y-1" aria-live="polite">
      <div className="flex justify-between text-xs text-slate-600">
        <span>{label}</span>
        <span className="tabular-nums">{percent}%</span>
      </div>
      <ProgressBar value={percent} label="Upload progress" />
    </div>
  );
}
