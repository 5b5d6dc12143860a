import { cn } from '../../lib/cn.ts';
import { Card } from './card.tsx';

/** A headline figure: what it counts, and its value worded for display. */
export interface Figure {
  label: string;
  value: string;
  /** An amount in full among counts: it takes a phone's whole row, so it reads unbroken. */
  amount?: boolean;
}

interface FigureGridProps {
  /** Names the list for screen readers. */
  label: string;
  figures: readonly Figure[];
  /** The columns on wider screens, e.g. 'lg:grid-cols-4'; phones show two a row. */
  className?: string;
  /** Amounts written in full (₦1,450,000,000.00): one a row on phones, two from small screens up. */
  fullAmounts?: boolean;
}

/** Headline figures as a list of small cards; a value too long for its card wraps inside it. */
export function FigureGrid({ label, figures, className, fullAmounts = false }: FigureGridProps) {
  return (
    <ul
      aria-label={label}
      className={cn(
        'grid gap-3 sm:gap-4',
        fullAmounts ? 'grid-cols-1 sm:grid-cols-2' : 'grid-cols-2',
        className,
      )}
    >
      {figures.map((figure) => (
        <li
          key={figure.label}
          className={cn('min-w-0', figure.amount && !fullAmounts && 'col-span-2 sm:col-span-1')}
        >
          <Card className="h-full p-4">
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{figure.label}</p>
            <p className="mt-1 text-xl font-bold [overflow-wrap:anywhere] text-slate-900 sm:text-2xl">
              {figure.value}
            </p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
