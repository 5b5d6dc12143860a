import { cn } from '../../lib/cn.ts';
import { Card } from './card.tsx';

/** A headline figure: what it counts, and its value worded for display. */
export interface Figure {
  label: string;
  value: string;
}

interface FigureGridProps {
  /** Names the list for screen readers. */
  label: string;
  figures: readonly Figure[];
  /** The columns on wider screens, e.g. 'lg:grid-cols-4'; phones show two a row. */
  className?: string;
}

/** Headline figures as a list of small cards. */
export function FigureGrid({ label, figures, className }: FigureGridProps) {
  return (
    <ul aria-label={label} className={cn('grid grid-cols-2 gap-3 sm:gap-4', className)}>
      {figures.map((figure) => (
        <li key={figure.label}>
          <Card className="h-full p-4">
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{figure.label}</p>
            <p className="mt-1 text-xl font-bold text-slate-900 sm:text-2xl">{figure.value}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
