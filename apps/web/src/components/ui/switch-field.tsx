import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { focusRing } from './button.tsx';

interface SwitchFieldProps {
  id: string;
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  hint?: ReactNode;
  disabled?: boolean;
  className?: string;
}

/** An on/off switch with its label beside it and an optional hint below. */
export function SwitchField({
  id,
  label,
  checked,
  onCheckedChange,
  hint,
  disabled,
  className,
}: SwitchFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <button
        type="button"
        role="switch"
        id={id}
        aria-checked={checked}
        onClick={() => onCheckedChange(!checked)}
        disabled={disabled}
        aria-describedby={hintId}
        className={cn(
          'group relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
          'bg-slate-300 disabled:opacity-60 aria-checked:bg-blue-600',
          focusRing,
        )}
      >
        <span className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform group-aria-checked:translate-x-5.5" />
      </button>
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {hint ? (
          <p id={hintId} className="text-xs text-slate-500">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
