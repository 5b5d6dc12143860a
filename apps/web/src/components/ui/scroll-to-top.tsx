import { ArrowUp } from 'lucide-react';
import { useScrolledPast } from '../../hooks/use-scrolled-past.ts';
import { cn } from '../../lib/cn.ts';
import { buttonClasses } from './button.tsx';

/**
 * A round button back to the top of the page, shown once the page is scrolled past `afterPx`. It steps aside
 * while a form marked `data-composing` is open (a reply, a new log, an upload), so it never covers its buttons.
 */
export function ScrollToTopButton({ afterPx }: { afterPx: number }) {
  const visible = useScrolledPast(afterPx);
  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      className={cn(
        buttonClasses('primary', 'icon'),
        'fixed right-4 bottom-20 z-30 rounded-full shadow-lg md:right-8 md:bottom-8',
        '[body:has([data-composing])_&]:hidden',
      )}
    >
      <ArrowUp aria-hidden="true" />
      <span className="sr-only">Scroll to top</span>
    </button>
  );
}
