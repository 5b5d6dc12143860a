import { PageHeader } from '../../components/ui/page-header.tsx';
import { NotificationCenter } from '../../features/notifications/components/notification-center.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

/** /notifications */
export function NotificationsRoute() {
  useDocumentTitle('Notifications');
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Notifications" description="Updates about your projects, budgets and requests." />
      <NotificationCenter />
    </div>
  );
}
