import { roleLabel } from '@trowel/shared/auth/roles.ts';
import { UNKNOWN_USER } from '@trowel/shared/daily-logs/daily-log.schemas.ts';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';

interface Author {
  name: string;
  role: string | null;
}

/** The author's name; a missing or blank name (a removed account) is 'Unknown User'. */
export function authorName(author: { name?: string | null } | null | undefined): string {
  return author?.name?.trim() || UNKNOWN_USER;
}

/** Who wrote a message, their role when known, and when. */
export function MessageByline({ author, at, compact }: { author: Author; at: string; compact?: boolean }) {
  const name = authorName(author);
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm">
      <UserAvatar name={name} size="sm" decorative className={compact ? 'size-6 text-[10px]' : undefined} />
      <p className="min-w-0 text-slate-600">
        <span className="font-medium text-slate-900">{name}</span>
        {author.role ? <span> · {roleLabel(author.role)}</span> : null}
        <span className="block text-xs text-slate-500 sm:inline">
          <span className="hidden sm:inline"> · </span>
          <time dateTime={at}>{formatDateTime(at)}</time>
        </span>
      </p>
    </div>
  );
}
