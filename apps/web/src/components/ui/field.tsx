import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Input } from './input.tsx';

interface FieldProps {
  /** The control's id, which the label points at. */
  id: string;
  label: string;
  /** Keeps the label for screen readers only, e.g. a filter whose options say what it is. */
  hideLabel?: boolean;
  className?: string;
  children: ReactNode;
}

/** A control under a plain label, for filters and inline editors (FormField adds a hint, an error and the required mark). */
export function Field({ id, label, hideLabel, className, children }: FieldProps) {
  return (
    <div className={cn(!hideLabel && 'space-y-1', className)}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-slate-800'}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** A text box under a plain label; the other props go to the box. */
export function InputField({ id, label, ...props }: ComponentProps<'input'> & { id: string; label: string }) {
  return (
    <Field id={id} label={label}>
      <Input id={id} {...props} />
    </Field>
  );
}
