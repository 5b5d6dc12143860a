import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { ActivityOverview } from '../../features/profile/components/activity-overview.tsx';
import { ProfileDetails } from '../../features/profile/components/profile-details.tsx';
import { ProfileHeader } from '../../features/profile/components/profile-header.tsx';
import { SecuritySettings } from '../../features/profile/components/security-settings.tsx';
import { useCurrentUser } from '../../lib/session.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

/** /profile: the signed-in user's own account (vendors have /vendor/profile instead). */
export function ProfileRoute() {
  const user = useCurrentUser();
  useDocumentTitle('Profile');
  return (
    <div className="space-y-6">
      <ProfileHeader user={user} />
      <Tabs defaultValue="profile">
        <TabsList aria-label="Profile sections">
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
          <TabsTrigger value="activity">Activity</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <ProfileDetails user={user} />
        </TabsContent>
        <TabsContent value="security">
          <SecuritySettings user={user} />
        </TabsContent>
        <TabsContent value="activity">
          <ActivityOverview user={user} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
