import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Pager } from './pager.tsx';

export interface LinkedRow {
  id: string;
  to: string;
  title: string;
  detail: string;
  date: string;
  badge: ReactNode;
  amount: string;
}

interface LinkedRowsProps {
  label: string;
  rows: readonly LinkedRow[];
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Said under the last page. */
  endText: string;
}

/** A page of rows that each open their object (title, detail, date; status and amount on the right), and the pager. */
export function LinkedRows({ label, rows, page, totalPages, onPageChange, endText }: LinkedRowsProps) {
  return (
    <>
      <ul
        aria-label={label}
        className="divide-y divide-slate-100 rounded-md border border-slate-200 bg-white"
      >
        {rows.map((row) => (
          <li key={row.id}>
            <Link
              to={row.to}
              className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 p-3 text-sm hover:bg-slate-50"
            >
              <span className="min-w-0">
                <span className="block font-semibold wrap-anywhere text-slate-900">{row.title}</span>
                <span className="block wrap-anywhere text-slate-600">{row.detail}</span>
                <span className="block text-xs text-slate-500">{row.date}</span>
              </span>
              {/* Pushed right also when it wraps under the text on a phone. */}
              <span className="ml-auto flex flex-col items-end gap-1">
                {row.badge}
                <span className="font-medium tabular-nums">{row.amount}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {totalPages > 1 ? (
        <Pager page={page} totalPages={totalPages} onPageChange={onPageChange} />
      ) : (
        <p className="text-center text-xs text-slate-500">{endText}</p>
      )}
    </>
  );
}
