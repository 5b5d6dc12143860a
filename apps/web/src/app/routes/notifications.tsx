import { PageHeader } from '../../components/ui/page-header.tsx';
import { NotificationCenter } from '../../features/notifications/components/notification-center.tsx';

/** /notifications */
export function NotificationsRoute() {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Notifications" description="Updates about your projects, budgets and requests." />
      <NotificationCenter />
    </div>
  );
}
