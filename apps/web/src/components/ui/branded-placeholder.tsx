import { HardHat } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/** Shown when a picture is slow or did not come: the company's mark instead of an empty box. */
export function BrandedPlaceholder({ compact = false }: { compact?: boolean }) {
  return (
    <span className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-gradient-to-br from-blue-50 to-slate-100 text-blue-700">
      <HardHat aria-hidden="true" className={compact ? 'size-5' : 'size-8'} />
      <span className={cn('font-semibold tracking-wide', compact ? 'text-[10px]' : 'text-xs')}>Trowel</span>
      <span className="sr-only">Preview is taking long to load</span>
    </span>
  );
}
