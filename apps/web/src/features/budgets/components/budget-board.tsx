import { can } from '@trowel/shared/auth/policy.ts';
import {
  BUDGET_STATUS_LABELS,
  BUDGET_STATUSES,
  type BudgetStatus,
} from '@trowel/shared/budgets/budget.machine.ts';
import { canCreateBudget } from '@trowel/shared/budgets/budget.policy.ts';
import type { BudgetDto } from '@trowel/shared/budgets/budget.schemas.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { InfiniteList, listTexts } from '../../../components/ui/infinite-list.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { useBudgetProjects } from '../api/get-budget-projects.ts';
import { useBudgets } from '../api/get-budgets.ts';
import { BudgetCard } from './budget-card.tsx';
import { BudgetForm } from './budget-form.tsx';

interface BudgetBoardProps {
  user: UserDto;
  /** One project's budgets, or every project's the user sees. */
  project: { id: string; projectLeadId: string | null; clientId: string | null } | null;
  /**
   * Projects to pick from on create; by default those the person may create budgets on (GET
   * /budgets/projects, the server's own rule), so a lead is offered only the projects they lead.
   */
  projects?: ReadonlyArray<{ id: string; title: string }>;
}

type Editing = { budget: BudgetDto | null } | null;

/** The budgets list with its create/edit form; read-only for those who may only read (Budget Overview). */
export function BudgetBoard({ user, project, projects }: BudgetBoardProps) {
  const [status, setStatus] = useState<BudgetStatus | ''>('');
  const [editing, setEditing] = useState<Editing>(null);
  const list = useBudgets({ projectId: project?.id ?? null, status: status || null });
  const mayCreate = project ? canCreateBudget(user, project) : can(user, 'budgets:create');
  const readOnly = !can(user, 'budgets:create');

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SelectField
          id="budget-status"
          label="Status"
          className="w-full sm:w-64"
          value={status}
          onChange={setStatus}
        >
          <option value="">All statuses</option>
          {BUDGET_STATUSES.map((value) => (
            <option key={value} value={value}>
              {BUDGET_STATUS_LABELS[value]}
            </option>
          ))}
        </SelectField>
        {mayCreate && !editing ? (
          <Button onClick={() => setEditing({ budget: null })}>
            <Plus aria-hidden="true" /> New Budget
          </Button>
        ) : null}
      </div>

      {editing ? (
        <Card>
          <CardHeader>
            <CardTitle>{editing.budget ? 'Edit Budget' : 'New Budget'}</CardTitle>
          </CardHeader>
          <CardContent>
            {editing.budget ? (
              <BudgetForm
                key={editing.budget.id}
                budget={editing.budget}
                projectId={editing.budget.projectId}
                projects={[{ id: editing.budget.projectId, title: editing.budget.project.title }]}
                mayAddDocuments
                onDone={() => setEditing(null)}
              />
            ) : (
              <NewBudget
                projectId={project?.id ?? null}
                projects={projects}
                onDone={() => setEditing(null)}
              />
            )}
          </CardContent>
        </Card>
      ) : null}

      <section aria-label={readOnly ? 'Budget Overview' : 'Budgets'}>
        <InfiniteList
          list={list}
          label="Budgets"
          className="grid grid-cols-1 gap-4"
          texts={listTexts('budget', 'budgets', 'Failed to refresh budgets')}
          empty={{
            title: status ? 'No budgets with this status' : 'No budgets yet',
            description: mayCreate
              ? 'Create the first budget with New Budget.'
              : 'Budgets will appear here once submitted.',
          }}
          renderItem={(budget, ref) => (
            <BudgetCard
              budget={budget}
              user={user}
              showProject={!project}
              onEdit={(chosen) => {
                setEditing({ budget: chosen });
                window.scrollTo({ top: 0, behavior: 'smooth' });
              }}
              itemRef={ref}
            />
          )}
        />
      </section>
    </div>
  );
}

/** The create form, on the projects given or those the person may create budgets on. */
function NewBudget(props: {
  projectId: string | null;
  projects: ReadonlyArray<{ id: string; title: string }> | undefined;
  onDone: () => void;
}) {
  const choices = useBudgetProjects(!props.projects);
  const projects = props.projects ?? choices.data;
  if (projects === undefined) {
    return choices.isError ? (
      <QueryErrorState title="Failed to load your projects" query={choices} />
    ) : (
      <LoadingState label="Loading your projects..." />
    );
  }
  if (projects.length === 0) {
    return (
      <EmptyState
        title="No projects to budget for"
        description="A project lead or architect creates budgets for the projects they lead."
      />
    );
  }
  return (
    <BudgetForm
      budget={null}
      projectId={props.projectId}
      projects={projects}
      mayAddDocuments
      onDone={props.onDone}
    />
  );
}
