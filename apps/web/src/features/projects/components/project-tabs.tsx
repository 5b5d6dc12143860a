import { can } from '@trowel/shared/auth/policy.ts';
import type { ProjectAbilities } from '@trowel/shared/projects/project.policy.ts';
import type { ProjectDto } from '@trowel/shared/projects/project.schemas.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/states.tsx';
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
  /** The Daily Log and Media tabs' contents, composed by the route from their own features. */
  dailyLogTab: ReactNode;
  mediaTab: ReactNode;
}

/** Daily Log, Media, Budget (Financials for those who see the project's value only) and Team. */
export function ProjectTabs({ project, user, abilities, dailyLogTab, mediaTab }: ProjectTabsProps) {
  const id = encodeURIComponent(project.id);
  const clientFinancials = !abilities.seeInternalCosts;
  return (
    <Tabs defaultValue="daily_log">
      <TabsList aria-label="Project sections">
        <TabsTrigger value="daily_log">Daily Log</TabsTrigger>
        <TabsTrigger value="media">Media</TabsTrigger>
        {clientFinancials ? (
          <TabsTrigger value="client_financials">Financials</TabsTrigger>
        ) : (
          <TabsTrigger value="budget">Budget</TabsTrigger>
        )}
        <TabsTrigger value="team">Team</TabsTrigger>
      </TabsList>
      <TabsContent value="daily_log">{dailyLogTab}</TabsContent>
      <TabsContent value="media">{mediaTab}</TabsContent>
      {clientFinancials ? (
        <TabsContent value="client_financials">
          <EmptyState
            title="No financial details yet"
            description="Payments and installments of this project will show here."
          />
        </TabsContent>
      ) : (
        <TabsContent value="budget">
          <EmptyState
            title="No budget submissions yet"
            description="The latest budget submissions of this project will show here."
            action={
              abilities.viewBudget || abilities.viewFinancials ? (
                <div className="flex flex-wrap justify-center gap-2">
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
                </div>
              ) : undefined
            }
          />
        </TabsContent>
      )}
      <TabsContent value="team">
        <ProjectTeam project={project} />
      </TabsContent>
    </Tabs>
  );
}
