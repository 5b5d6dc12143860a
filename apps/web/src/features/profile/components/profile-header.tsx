import { roleLabel } from '@trowel/shared/auth/roles.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { Building2, Mail, MapPin } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { statisticText, useUserStats } from '../api/get-user-stats.ts';
import { AvatarUploader } from './avatar-uploader.tsx';

/** Who the user is at a glance: picture, contact, role, and how their projects are going. */
export function ProfileHeader({ user }: { user: UserDto }) {
  const stats = useUserStats(user.id);
  return (
    <Card className="p-4 sm:p-6">
      <div className="flex flex-col items-center gap-6 text-center sm:flex-row sm:items-start sm:text-left">
        <AvatarUploader user={user} />
        <div className="w-full min-w-0 space-y-2 sm:flex-1">
          <div className="flex flex-col items-center gap-2 sm:flex-row sm:items-center">
            <h1 title={user.name} className="max-w-full truncate text-2xl font-bold text-slate-900">
              {user.name}
            </h1>
            <Badge tone="blue">{roleLabel(user.role)}</Badge>
          </div>
          <ul className="flex flex-col items-center gap-x-5 gap-y-1 text-sm text-slate-600 sm:flex-row sm:flex-wrap">
            <li className="flex max-w-full min-w-0 items-center gap-1.5">
              <Mail aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
              <span title={user.email} className="truncate">
                {user.email}
              </span>
            </li>
            {user.company ? (
              <li className="flex max-w-full min-w-0 items-center gap-1.5">
                <Building2 aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
                <span className="min-w-0 wrap-anywhere">{user.company}</span>
              </li>
            ) : null}
            {user.location ? (
              <li className="flex max-w-full min-w-0 items-center gap-1.5">
                <MapPin aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
                <span className="min-w-0 wrap-anywhere">{user.location}</span>
              </li>
            ) : null}
          </ul>
          {user.bio ? (
            <p className="text-sm wrap-anywhere whitespace-pre-line text-slate-700">{user.bio}</p>
          ) : null}
        </div>
        <dl className="grid grid-cols-2 gap-3 self-stretch sm:w-56 sm:self-auto">
          <div className="rounded-md bg-slate-50 p-3 text-center">
            <dt className="text-xs text-slate-500">Projects</dt>
            <dd className="text-xl font-semibold text-slate-900">
              {statisticText(stats, (s) => String(s.projectsCount))}
            </dd>
          </div>
          <div className="rounded-md bg-slate-50 p-3 text-center">
            <dt className="text-xs text-slate-500">Completion</dt>
            <dd className="text-xl font-semibold text-slate-900">
              {statisticText(stats, (s) => `${s.completionRate}%`)}
            </dd>
          </div>
        </dl>
      </div>
    </Card>
  );
}
