import { useRef, type ReactNode } from 'react';
import { useOverflowsX } from '../../hooks/use-overflows-x.ts';
import { cn } from '../../lib/cn.ts';
import { focusRing } from './button.tsx';

interface ScrollRegionProps {
  /** What the region holds, heard when it takes focus ('Gantt chart'). */
  label: string;
  /** Shown above the region while its content is wider than it (a "scroll sideways" hint). */
  cue?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * A box whose content may be wider than the screen: while it is, the box is a named region that takes
 * keyboard focus, so its hidden part can be scrolled into view with the arrow keys (WCAG 2.1.1).
 */
export function ScrollRegion({ label, cue, className, children }: ScrollRegionProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const overflows = useOverflowsX(scroller);
  return (
    <>
      {overflows ? cue : null}
      <div
        ref={scroller}
        role={overflows ? 'region' : undefined}
        aria-label={overflows ? label : undefined}
        tabIndex={overflows ? 0 : undefined}
        className={cn('overflow-x-auto', focusRing, className)}
      >
        {children}
      </div>
    </>
  );
}
