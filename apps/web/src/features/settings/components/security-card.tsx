import {
  SECURITY_SETTINGS_SAVE_FAILED,
  SESSION_TIMEOUT_LABELS,
  SESSION_TIMEOUT_OPTIONS,
  type SaveSecuritySettingsInput,
} from '@trowel/shared/settings/security-preferences.ts';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { SelectField, SelectOptions } from '../../../components/ui/select-field.tsx';
import { LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { useSaveSecuritySettings, useSecuritySettings } from '../api/security-settings.ts';
import { SettingsCard } from './settings-card.tsx';

/** Change password (given by the screen), session timeout and login notifications (kept on the server). */
export function SecurityCard({ passwordForm }: { passwordForm: ReactNode }) {
  const query = useSecuritySettings();
  const save = useSaveSecuritySettings();
  const change = (input: SaveSecuritySettingsInput) =>
    save.mutate(input, { onError: () => toast.error(SECURITY_SETTINGS_SAVE_FAILED) });
  return (
    <SettingsCard title="Security" description="Your password and how your sign-ins work.">
      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">Change Password</h3>
        {passwordForm}
      </div>
      {query.isPending ? <LoadingState label="Loading security settings..." /> : null}
      {query.isError ? <QueryErrorState title="Failed to load security settings" query={query} /> : null}
      {query.data ? (
        <div className="space-y-4 border-t border-slate-200 pt-4">
          <div>
            <SelectField
              id="security-session-timeout"
              label="Session Timeout"
              value={(save.isPending && save.variables.sessionTimeout) || query.data.sessionTimeout}
              disabled={save.isPending}
              onChange={(sessionTimeout) => change({ sessionTimeout })}
            >
              <SelectOptions
                values={SESSION_TIMEOUT_OPTIONS}
                label={(value) => SESSION_TIMEOUT_LABELS[value]}
              />
            </SelectField>
            <p className="mt-1 text-xs text-slate-500">Your next sign-in lasts this long.</p>
          </div>
          <SwitchField
            id="security-login-notifications"
            label="Login Notifications"
            hint="Tell me when my account is signed in from a browser it has not been used in before."
            checked={
              save.isPending && save.variables.loginNotifications !== undefined
                ? save.variables.loginNotifications
                : query.data.loginNotifications
            }
            disabled={save.isPending}
            onCheckedChange={(loginNotifications) => change({ loginNotifications })}
          />
        </div>
      ) : null}
    </SettingsCard>
  );
}
