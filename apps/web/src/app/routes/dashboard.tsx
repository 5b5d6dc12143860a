import { WelcomeCard } from '../../features/dashboard/components/welcome-card.tsx';
import { useCurrentUser } from '../../lib/session.ts';

export function DashboardRoute() {
  const user = useCurrentUser();
  return <WelcomeCard user={user} />;
}
