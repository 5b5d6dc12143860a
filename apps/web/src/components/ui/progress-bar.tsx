import { cn } from '../../lib/cn.ts';

interface ProgressBarProps {
  value: number;
  /** What the bar measures, for screen readers (e.g. 'Progress of Lekki Towers'). */
  label: string;
  className?: string;
}

/** A horizontal bar for a whole percentage from 0 to 100. */
export function ProgressBar({ value, label, className }: ProgressBarProps) {
  const percent = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <div
        className={cn('h-full rounded-full', percent >= 100 ? 'bg-green-600' : 'bg-blue-600')}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
