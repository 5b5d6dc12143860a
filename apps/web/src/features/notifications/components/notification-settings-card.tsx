import {
  NOTIFICATION_FLAGS,
  NOTIFICATION_SETTINGS_SAVE_FAILED,
  type NotificationFlag,
} from '@trowel/shared/notifications/notification-preferences.ts';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { subscribeThisDevice, unsubscribeThisDevice } from '../../../lib/push/web-push.ts';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings.ts';

const FLAG_TEXT = {
  emailNotifications: ['Email Notifications', 'Receive your notifications by email.'],
  pushNotifications: [
    'Push Notifications',
    'Get your notifications on this device, even when Trowel is closed.',
  ],
  projectUpdates: ['Project Updates', 'Emails about projects, daily logs, tasks, budgets and materials.'],
  dailyDigest: ['Daily Digest', 'Every morning, one email of what you have not read.'],
  weeklyReport: ['Weekly Report', 'Every Monday, one email of what you have not read that week.'],
  systemAlerts: ['System Alerts', 'Emails about sign-ins from new browsers and your account.'],
} as const satisfies Record<NotificationFlag, readonly [string, string]>;

const PUSH_REFUSED = {
  blocked: [
    'Browser notifications are blocked',
    'Allow notifications for this site in your browser to get them.',
  ],
  unsupported: ['This browser cannot receive push notifications', 'Install Trowel or use another browser.'],
  failed: ['Push notifications could not be turned on', 'Check your connection and try again.'],
} as const;

/** Subscribes or unsubscribes this device; answers whether the switch may take the new position. */
async function switchPush(on: boolean): Promise<boolean> {
  if (!on) {
    await unsubscribeThisDevice();
    return true;
  }
  const refusal = await subscribeThisDevice().catch(() => 'failed' as const);
  if (!refusal) return true;
  const [title, description] = PUSH_REFUSED[refusal];
  toast.warning(title, { description });
  return false;
}

/** The six notification switches, each saved to the server as it is turned. */
export function NotificationSettingsCard() {
  const query = useNotificationSettings();
  const save = useSaveNotificationSettings();

  const toggle = async (flag: NotificationFlag, on: boolean) => {
    if (flag === 'pushNotifications' && !(await switchPush(on))) return;
    save.mutate({ [flag]: on }, { onError: () => toast.error(NOTIFICATION_SETTINGS_SAVE_FAILED) });
  };

  return (
    <Card role="region" aria-labelledby="settings-notification-settings">
      <CardHeader>
        <CardTitle id="settings-notification-settings">Notification Settings</CardTitle>
        <CardDescription>
          Notifications always appear in Trowel; choose what is also emailed to you.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {query.isPending ? <LoadingState label="Loading notification settings..." /> : null}
        {query.isError ? (
          <QueryErrorState title="Failed to load notification settings" query={query} />
        ) : null}
        {query.data
          ? NOTIFICATION_FLAGS.map((flag) => {
              const emailFlag = flag !== 'emailNotifications' && flag !== 'pushNotifications';
              return (
                <SwitchField
                  key={flag}
                  id={`notify-${flag}`}
                  label={FLAG_TEXT[flag][0]}
                  hint={FLAG_TEXT[flag][1]}
                  checked={
                    save.isPending && save.variables[flag] !== undefined
                      ? Boolean(save.variables[flag])
                      : query.data[flag]
                  }
                  disabled={save.isPending || (emailFlag && !query.data.emailNotifications)}
                  onCheckedChange={(on) => void toggle(flag, on)}
                />
              );
            })
          : null}
      </CardContent>
    </Card>
  );
}
