import { roleLabel } from '@trowel/shared/auth/roles.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { SettingsCard } from './settings-card.tsx';

/** Name, email, role and company, read only (they are changed on the profile page). */
export function GeneralInfoCard({ user }: { user: UserDto }) {
  const rows = [
    ['Name', user.name],
    ['Email', user.email],
    ['Role', roleLabel(user.role)],
    ['Company', user.company || '—'],
  ] as const;
  return (
    <SettingsCard title="General Information" description="Your account details. Edit them on your profile.">
      <dl className="grid gap-3 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm font-medium text-slate-500">{label}</dt>
            <dd className="text-sm wrap-anywhere text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </SettingsCard>
  );
}
