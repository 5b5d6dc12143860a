import { can } from '@trowel/shared/auth/policy.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { LoadingState, QueryErrorState } from '../../components/ui/states.tsx';
import { NotificationSettingsCard } from '../../features/notifications/components/notification-settings-card.tsx';
import { ChangePasswordForm } from '../../features/profile/components/change-password-form.tsx';
import { useSystemSettings } from '../../features/settings/api/system-settings.ts';
import { AppearanceCard } from '../../features/settings/components/appearance-card.tsx';
import { EmailIntegrationCard } from '../../features/settings/components/email-integration-card.tsx';
import { GeneralInfoCard } from '../../features/settings/components/general-info-card.tsx';
import { SecurityCard } from '../../features/settings/components/security-card.tsx';
import { VendorAutoLoginCard } from '../../features/settings/components/vendor-autologin-card.tsx';
import { WhatsAppContactCard } from '../../features/whatsapp/components/whatsapp-contact-card.tsx';
import { WhatsAppIntegrationCard } from '../../features/whatsapp/components/whatsapp-integration-card.tsx';
import { WorkflowCard } from '../../features/settings/components/workflow-card.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useCurrentUser } from '../../lib/session.ts';

/** The administrator's cards: workflow and vendor auto-login (one settings list) and email. */
function SystemSettingsCards() {
  const query = useSystemSettings();
  if (query.isPending) return <LoadingState label="Loading system settings..." />;
  if (query.isError) return <QueryErrorState title="Failed to load system settings" query={query} />;
  return (
    <>
      <WorkflowCard settings={query.data} />
      <VendorAutoLoginCard settings={query.data} />
    </>
  );
}

/** /settings: personal cards for everyone, system cards for administrators (spec 2 §2). */
export function SettingsRoute() {
  const user = useCurrentUser();
  useDocumentTitle('Settings');
  const admin = can(user, 'settings:admin');
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Settings" description="Your account, notifications, appearance and security." />
      <GeneralInfoCard user={user} />
      <NotificationSettingsCard />
      <WhatsAppContactCard />
      <AppearanceCard />
      <SecurityCard passwordForm={<ChangePasswordForm />} />
      {admin ? (
        <>
          <h2 className="pt-2 text-lg font-semibold text-slate-900">System Settings</h2>
          <SystemSettingsCards />
          <EmailIntegrationCard />
          <WhatsAppIntegrationCard />
        </>
      ) : null}
    </div>
  );
}
