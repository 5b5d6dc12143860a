import { maySeeMoney, shownMoney } from '@trowel/shared/auth/money-visibility.ts';
import { currentValueKobo } from '@trowel/shared/financials/payment-figures.ts';
import { fromKobo } from '@trowel/shared/money/kobo.ts';
import { budgetUtilisationPercent } from '@trowel/shared/reports/money-figures.ts';
import type { Actor } from '@trowel/shared/auth/policy.ts';
import type { Role } from '@trowel/shared/auth/roles.ts';
import { isTaskOverdue } from '@trowel/shared/projects/phase.rules.ts';
import { mayReadTaskNotes } from '@trowel/shared/schedule/schedule.policy.ts';
import type {
  PhaseDto,
  ProjectDto,
  ProjectSummaryDto,
  TaskDto,
} from '@trowel/shared/projects/project.schemas.ts';
import type { AttachmentRow, PhaseRow } from '../../db/schema.ts';
import { toAttachmentDto } from '../../files/attachment-dto.ts';
import { groupBy } from '../../lib/group-by.ts';
import type { TaskWithAssignee } from './phases.repository.ts';
import type { ProjectSummaryRow } from './projects.repository.ts';

export function toSummaryDto(row: ProjectSummaryRow, actor: Actor): ProjectSummaryDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    location: row.location,
    category: row.category,
    status: row.status,
    startDate: row.startDate,
    endDate: row.endDate,
    budget: shownMoney(actor, 'internal-cost', row.budget),
    spent: shownMoney(actor, 'internal-cost', row.spent),
    spentDerived: row.spentDerived,
    spentBeforeTracking: shownMoney(actor, 'internal-cost', row.spentBeforeTracking),
    // The current value: the recorded one plus the approved change orders (the one payment rule).
    projectValue:
      row.valueKobo === null
        ? null
        : shownMoney(
            actor,
            'project-value',
            fromKobo(currentValueKobo({ valueKobo: row.valueKobo, variationsKobo: row.variationsKobo })),
          ),
    progress: row.progress,
    projectLeadId: row.projectLeadId,
    projectLead: row.projectLeadId && row.leadName ? { id: row.projectLeadId, name: row.leadName } : null,
    clientId: row.clientId,
    client: row.clientId && row.clientName ? { id: row.clientId, name: row.clientName } : null,
    teamMemberCount: row.teamMemberCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A task as `reader` sees it: its notes are the staff's working notes (null for a client). */
export function toTaskDto(
  task: TaskWithAssignee,
  files: AttachmentRow[],
  secret: string,
  today: string,
  reader: Pick<Actor, 'role'>,
): TaskDto {
  return {
    id: task.id,
    name: task.name,
    assignedTo: task.assigneeName,
    assignedToId: task.assignedToId,
    progress: task.progress,
    notes: mayReadTaskNotes(reader) ? task.notes : null,
    startDate: task.startDate,
    endDate: task.endDate,
    isOverdue: isTaskOverdue(task, today),
    attachments: files.map((file) => toAttachmentDto(file, secret)),
  };
}

export function toPhaseDto(phase: PhaseRow, tasks: TaskDto[]): PhaseDto {
  return {
    id: phase.id,
    name: phase.name,
    customLabel: phase.customLabel,
    status: phase.status,
    progress: phase.progress,
    tasks,
  };
}

export interface ProjectDetailParts {
  summary: ProjectSummaryRow;
  members: Array<{ userId: string; name: string; role: Role }>;
  phases: PhaseRow[];
  tasks: TaskWithAssignee[];
  attachments: AttachmentRow[];
  /** The sum of the project's approved budgets, in naira. */
  approvedBudgetTotal: number;
}

export function toProjectDto(
  parts: ProjectDetailParts,
  actor: Actor,
  secret: string,
  today: string,
): ProjectDto {
  const filesByTask = groupBy(parts.attachments, (file) => file.taskId ?? '');
  const tasksByPhase = groupBy(parts.tasks, (task) => task.phaseId);
  return {
    ...toSummaryDto(parts.summary, actor),
    approvedBudgetTotal: shownMoney(actor, 'internal-cost', parts.approvedBudgetTotal),
    budgetUtilisation: maySeeMoney(actor, 'internal-cost')
      ? budgetUtilisationPercent(parts.approvedBudgetTotal, parts.summary.budget)
      : null,
    teamMembers: parts.members.map((member) => ({
      id: member.userId,
      userId: member.userId,
      user: { id: member.userId, name: member.name, role: member.role },
    })),
    phases: parts.phases.map((phase) =>
      toPhaseDto(
        phase,
        (tasksByPhase.get(phase.id) ?? []).map((task) =>
          toTaskDto(task, filesByTask.get(task.id) ?? [], secret, today, actor),
        ),
      ),
    ),
  };
}
