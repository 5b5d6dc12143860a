import { can } from '@trowel/shared/auth/policy.ts';
import { canReadChangeOrders } from '@trowel/shared/change-orders/change-order.policy.ts';
import type { ProjectAbilities } from '@trowel/shared/projects/project.policy.ts';
import type { ProjectDto } from '@trowel/shared/projects/project.schemas.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { ProjectTeam } from './project-team.tsx';

function LinkButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={to}>{children}</Link>
    </Button>
  );
}

interface ProjectTabsProps {
  project: ProjectDto;
  user: UserDto;
  abilities: ProjectAbilities;
  /** The Daily Log, Media, Budget and client Financials tabs' contents, composed by the route from their own features. */
  dailyLogTab: ReactNode;
  mediaTab: ReactNode;
  budgetTab: (links: ReactNode) => ReactNode;
  clientFinancialsTab: ReactNode;
  /** Shown to those who read the project's change orders (its staff for them, and its client). */
  changeOrdersTab: ReactNode;
}

const TABS = ['daily_log', 'media', 'client_financials', 'budget', 'change_orders', 'team'] as const;

/**
 * Daily Log, Media, Budget (Financials for those who see the project's value only), Change Orders and
 * Team; `?tab=change-orders` (a notification's link) opens on that tab.
 */
export function ProjectTabs(props: ProjectTabsProps) {
  const { project, user, abilities, dailyLogTab, mediaTab, budgetTab, clientFinancialsTab } = props;
  const id = encodeURIComponent(project.id);
  const clientFinancials = !abilities.seeInternalCosts;
  const changeOrders = canReadChangeOrders(user, project);
  const [params] = useSearchParams();
  const asked = params.get('tab')?.replace('-', '_');
  const opened = TABS.find((tab) => tab === asked && (tab !== 'change_orders' || changeOrders));
  return (
    <Tabs defaultValue={opened ?? 'daily_log'}>
      {/* Five tabs do not fit a 360 px phone in one line: the row scrolls sideways there. */}
      <TabsList aria-label="Project sections" className="overflow-x-auto">
        <TabsTrigger value="daily_log">Daily Log</TabsTrigger>
        <TabsTrigger value="media">Media</TabsTrigger>
        {clientFinancials ? (
          <TabsTrigger value="client_financials">Financials</TabsTrigger>
        ) : (
          <TabsTrigger value="budget">Budget</TabsTrigger>
        )}
        {changeOrders ? <TabsTrigger value="change_orders">Change Orders</TabsTrigger> : null}
        <TabsTrigger value="team">Team</TabsTrigger>
      </TabsList>
      <TabsContent value="daily_log">{dailyLogTab}</TabsContent>
      <TabsContent value="media">{mediaTab}</TabsContent>
      {clientFinancials ? (
        <TabsContent value="client_financials">{clientFinancialsTab}</TabsContent>
      ) : (
        <TabsContent value="budget">
          {budgetTab(
            <>
              {abilities.viewBudget ? (
                <LinkButton to={`/projects/${id}/budget`}>
                  {can(user, 'budgets:create') ? 'Manage Budgets' : 'View Budgets'}
                </LinkButton>
              ) : null}
              {abilities.viewFinancials ? (
                <LinkButton to={`/projects/${id}/financials`}>
                  Manage Project Financials (Admin/Accountant)
                </LinkButton>
              ) : null}
            </>,
          )}
        </TabsContent>
      )}
      {changeOrders ? <TabsContent value="change_orders">{props.changeOrdersTab}</TabsContent> : null}
      <TabsContent value="team">
        <ProjectTeam project={project} />
      </TabsContent>
    </Tabs>
  );
}
