import { CircleAlert, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { focusRing } from './button.tsx';

interface AlertProps {
  title: string;
  children?: ReactNode;
  tone?: 'error' | 'info' | 'warning';
  onDismiss?: () => void;
  className?: string;
}

const TONES = {
  error: 'border-red-200 bg-red-50 text-red-900',
  info: 'border-blue-200 bg-blue-50 text-blue-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-950',
} as const;

/** A message box announced to screen readers; dismissible when onDismiss is given. */
export function Alert({ title, children, tone = 'error', onDismiss, className }: AlertProps) {
  return (
    <div role="alert" className={cn('flex gap-3 rounded-md border p-3 text-sm', TONES[tone], className)}>
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        {children ? <div className="mt-0.5 wrap-anywhere">{children}</div> : null}
      </div>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          className={cn('-m-1 rounded p-1 hover:bg-black/5', focusRing)}
        >
          <X aria-hidden="true" className="size-4" />
          <span className="sr-only">Dismiss</span>
        </button>
      ) : null}
    </div>
  );
}
