import { pagerItems } from '@trowel/shared/http/pagination.ts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { buttonClasses } from './button.tsx';

interface PagerProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  disabled?: boolean;
}

/** Previous, numbered pages (with ellipses past five pages) and next. Hidden for a single page. */
export function Pager({ page, totalPages, onPageChange, disabled }: PagerProps) {
  if (totalPages <= 1) return null;
  const items = pagerItems(page, totalPages);
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-1">
      <button
        type="button"
        className={buttonClasses('outline', 'sm')}
        onClick={() => onPageChange(page - 1)}
        disabled={disabled || page <= 1}
      >
        <ChevronLeft aria-hidden="true" />
        Previous
      </button>
      <ul className="flex items-center gap-1">
        {items.map((item, index) =>
          item === 'ellipsis' ? (
            <li key={`ellipsis-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                className={cn(buttonClasses(item === page ? 'primary' : 'ghost', 'sm'), 'min-w-8 px-2')}
                onClick={() => onPageChange(item)}
                disabled={disabled}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className={buttonClasses('outline', 'sm')}
        onClick={() => onPageChange(page + 1)}
        disabled={disabled || page >= totalPages}
      >
        Next
        <ChevronRight aria-hidden="true" />
      </button>
    </nav>
  );
}
