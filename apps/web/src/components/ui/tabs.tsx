import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { focusRing } from './button.tsx';

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn('inline-flex w-full gap-1 rounded-lg bg-slate-100 p-1 sm:w-auto', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        // One line each: on a 360 px phone four tabs fit with the narrower padding.
        'flex-1 rounded-md px-2 py-1.5 text-sm font-medium whitespace-nowrap text-slate-600 transition-colors sm:flex-none sm:px-3',
        'hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
        focusRing,
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  // A panel takes focus after its tab (Tab key): it shows the same ring as every control.
  return <TabsPrimitive.Content className={cn('mt-4 rounded-md', focusRing, className)} {...props} />;
}
