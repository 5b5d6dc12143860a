import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

const VARIANTS = {
  primary: 'bg-blue-600 text-white shadow-sm hover:bg-blue-700',
  secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200',
  outline: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
  destructive: 'bg-red-600 text-white shadow-sm hover:bg-red-700',
  link: 'text-blue-700 underline-offset-4 hover:underline',
} as const satisfies Record<string, string>;

const SIZES = {
  sm: 'h-8 px-3 text-sm gap-1.5',
  md: 'h-10 px-4 text-sm gap-2',
  lg: 'h-11 px-6 text-base gap-2',
  icon: 'h-10 w-10',
} as const satisfies Record<string, string>;

export const focusRing =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2';

export function buttonClasses(variant: keyof typeof VARIANTS = 'primary', size: keyof typeof SIZES = 'md') {
  return cn(
    'inline-flex shrink-0 items-center justify-center rounded-md font-medium whitespace-nowrap transition-colors',
    'disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
    focusRing,
    VARIANTS[variant],
    SIZES[size],
  );
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Renders the child element (a link, say) with the button's look. */
  asChild?: boolean;
}

export function Button({ variant, size, asChild, className, type, ...props }: ButtonProps) {
  if (asChild) return <Slot.Root className={cn(buttonClasses(variant, size), className)} {...props} />;
  return (
    <button type={type ?? 'button'} className={cn(buttonClasses(variant, size), className)} {...props} />
  );
}
