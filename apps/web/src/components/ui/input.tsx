import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export const fieldControlClasses = cn(
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs',
  'placeholder:text-slate-500 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:opacity-70',
  'read-only:bg-slate-50 read-only:text-slate-700',
  'focus-visible:border-blue-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600/40',
  'aria-invalid:border-red-500 aria-invalid:focus-visible:ring-red-500/40',
);

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(fieldControlClasses, 'h-10', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldControlClasses, 'min-h-24', className)} {...props} />;
}

export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(fieldControlClasses, 'h-10 pr-8', className)} {...props} />;
}
