import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

export function SecuritySettings({ user }: { user: UserDto }) {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>Change Password</CardTitle>
          <CardDescription>Other devices are signed out when your password changes.</CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Account Information</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="font-medium text-slate-500">Account created</dt>
              <dd className="text-slate-900">{formatDateTime(user.createdAt)}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-500">Last updated</dt>
              <dd className="text-slate-900">{formatDateTime(user.updatedAt)}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
