import { roleLabel } from '@trowel/shared/auth/roles.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { Building2, FolderKanban, Mail, MapPin, Pencil, Phone, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { IconDetail } from '../../../components/ui/icon-detail.tsx';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import { cn } from '../../../lib/cn.ts';

interface UserCardProps {
  user: UserDto;
  basePath: string;
  canEdit: boolean;
  canDelete: boolean;
  onDelete: (user: UserDto) => void;
}

/** One of the person's details, as an item of the card's list. */
function Detail(props: { icon: ReactNode; children: ReactNode }) {
  return <IconDetail as="li" {...props} />;
}

export function UserCard({ user, basePath, canEdit, canDelete, onDelete }: UserCardProps) {
  const projectsPath = `${basePath}/${encodeURIComponent(user.name)}/projects`;
  return (
    <article
      aria-label={user.name}
      className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <UserAvatar name={user.name} src={user.avatar} decorative />
        <div className="min-w-0 flex-1">
          <h2 title={user.name} className="truncate text-base font-semibold text-slate-900">
            <Link to={projectsPath} className={cn('rounded hover:text-blue-700 hover:underline', focusRing)}>
              {user.name}
            </Link>
          </h2>
          <Badge tone="blue" className="mt-1">
            {roleLabel(user.role)}
          </Badge>
        </div>
      </div>
      <ul className="mt-4 flex-1 space-y-1.5">
        <Detail icon={<Mail aria-hidden="true" />}>
          <a
            href={`mailto:${user.email}`}
            title={user.email}
            className={cn('rounded hover:underline', focusRing)}
          >
            {user.email}
          </a>
        </Detail>
        {user.phone ? <Detail icon={<Phone aria-hidden="true" />}>{user.phone}</Detail> : null}
        {user.company ? <Detail icon={<Building2 aria-hidden="true" />}>{user.company}</Detail> : null}
        {user.location ? <Detail icon={<MapPin aria-hidden="true" />}>{user.location}</Detail> : null}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        <Button asChild variant="ghost" size="sm">
          <Link to={projectsPath} aria-label={`Projects of ${user.name}`}>
            <FolderKanban aria-hidden="true" />
            Projects
          </Link>
        </Button>
        {canEdit ? (
          <Button asChild variant="outline" size="sm">
            <Link to={`${basePath}/edit/${encodeURIComponent(user.id)}`} aria-label={`Edit ${user.name}`}>
              <Pencil aria-hidden="true" />
              Edit
            </Link>
          </Button>
        ) : null}
        {canDelete ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50"
            aria-label={`Delete ${user.name}`}
            onClick={() => onDelete(user)}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        ) : null}
      </div>
    </article>
  );
}
