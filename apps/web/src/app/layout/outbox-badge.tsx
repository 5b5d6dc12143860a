import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { focusRing } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { unsentItems, useOutbox } from '../../lib/outbox/use-outbox.ts';

/** The header's link to the outbox with the count of what this person still has to send; nothing when all was sent. */
export function OutboxBadge({ userId }: { userId: string }) {
  const { items } = useOutbox();
  const unsent = unsentItems(items).filter((item) => item.userId === userId);
  if (unsent.length === 0) return null;
  const failed = unsent.some((item) => item.state === 'failed');
  return (
    <Link
      to="/outbox"
      className={cn(
        'relative inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100',
        focusRing,
      )}
    >
      <Inbox aria-hidden="true" className="size-5" />
      <span className="sr-only">{`Outbox, ${unsent.length} not sent`}</span>
      <span
        aria-hidden="true"
        data-testid="outbox-count"
        className={cn(
          'absolute -top-0.5 -right-0.5 min-w-5 rounded-full px-1 text-center text-[11px] leading-5 font-semibold text-white',
          failed ? 'bg-red-600' : 'bg-amber-600',
        )}
      >
        {unsent.length}
      </span>
    </Link>
  );
}
