import type { ReactNode } from 'react';

interface IconDetailProps {
  /** 'li' inside a list of details, 'p' on its own. */
  as?: 'p' | 'li';
  icon: ReactNode;
  children: ReactNode;
}

/** One line of a card's details after a small grey icon; cut short with an ellipsis (full text on hover). */
export function IconDetail({ as: Tag = 'p', icon, children }: IconDetailProps) {
  return (
    <Tag className="flex min-w-0 items-center gap-2 text-sm text-slate-600 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-slate-400">
      {icon}
      <span className="min-w-0 truncate" title={typeof children === 'string' ? children : undefined}>
        {children}
      </span>
    </Tag>
  );
}
