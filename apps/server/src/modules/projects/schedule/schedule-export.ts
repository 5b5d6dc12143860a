import { durationDays, slipDays } from '@trowel/shared/schedule/critical-path.ts';
import { mayReadTaskNotes } from '@trowel/shared/schedule/schedule.policy.ts';
import {
  LINK_TYPE_LABELS,
  type ScheduleDto,
  type ScheduleTaskDto,
  type TaskLinkDto,
} from '@trowel/shared/schedule/schedule.schemas.ts';
import type { AuthUser } from '../../../http/access.ts';
import { csvLine } from '../../../lib/csv.ts';
import type { ModuleContext } from '../../../platform.ts';
import { visibleProject } from '../project-access.ts';
import { lagosToday, readSchedule } from './schedule.service.ts';

/** A task as the exports show it: the schedule's figures, its phase, assignee, what it waits for and notes. */
export interface ExportedTask extends ScheduleTaskDto {
  phaseName: string;
  assignedTo: string | null;
  /** Its days, both ends counted; null without both dates. */
  days: number | null;
  slipDays: number | null;
  /** The tasks it waits for, in words: "Dig foundations (Finish to start, lag 2 d)". */
  waitsFor: string[];
  /** The staff's notes on it; always null for a client. */
  notes: string | null;
}

/** What the schedule's CSV and PDF are made of. */
export interface ScheduleExport {
  projectTitle: string;
  /** The day it was made (Lagos), in the files' names and on the print. */
  today: string;
  schedule: ScheduleDto;
  tasks: ExportedTask[];
  /** Whether the notes column is there at all (staff only). */
  withNotes: boolean;
}

const linkWords = (link: TaskLinkDto, name: string) =>
  `${name} (${LINK_TYPE_LABELS[link.type]}${link.lagDays !== 0 ? `, lag ${link.lagDays} d` : ''})`;

/**
 * GET /projects/{id}/schedule/export and …/pdf: the schedule as the actor sees it (404 for a project
 * they may not see), each task with its assignee and what it waits for; task notes for staff only.
 */
export async function scheduleExport(
  ctx: ModuleContext,
  actor: AuthUser,
  projectId: string,
): Promise<ScheduleExport> {
  const project = await visibleProject(ctx, actor, projectId);
  const withNotes = mayReadTaskNotes(actor);
  const [schedule, details] = await Promise.all([
    readSchedule(ctx, actor, project),
    ctx.schedule.taskDetails(project.id, { withNotes }),
  ]);
  const detailOf = new Map(details.map((detail) => [detail.id, detail]));
  const phaseNames = new Map(schedule.phases.map((phase) => [phase.id, phase.name]));
  const names = new Map(schedule.tasks.map((task) => [task.id, task.name]));
  const waitsFor = new Map<string, string[]>();
  for (const link of schedule.links) {
    const words = linkWords(link, names.get(link.fromTaskId) ?? '');
    waitsFor.set(link.toTaskId, [...(waitsFor.get(link.toTaskId) ?? []), words]);
  }
  return {
    projectTitle: project.title,
    today: lagosToday(),
    schedule,
    withNotes,
    tasks: schedule.tasks.map((task) => ({
      ...task,
      phaseName: phaseNames.get(task.phaseId) ?? '',
      assignedTo: detailOf.get(task.id)?.assignedTo ?? null,
      days:
        task.startDate && task.endDate
          ? durationDays({ startDate: task.startDate, endDate: task.endDate })
          : null,
      slipDays: slipDays(task),
      waitsFor: waitsFor.get(task.id) ?? [],
      notes: withNotes ? (detailOf.get(task.id)?.notes ?? null) : null,
    })),
  };
}

/** The file name of an export: "schedule-<project>-<day>.<extension>", in plain letters. */
export function exportFileName(
  exported: Pick<ScheduleExport, 'projectTitle' | 'today'>,
  extension: 'csv' | 'pdf',
) {
  const slug =
    exported.projectTitle
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'project';
  return `schedule-${slug}-${exported.today}.${extension}`;
}

const yesNo = (task: ExportedTask) => (task.totalFloat === null ? null : task.critical ? 'Yes' : 'No');

const CSV_COLUMNS: Array<{ header: string; cell: (task: ExportedTask) => string | number | null }> = [
  { header: 'Phase', cell: (task) => task.phaseName },
  { header: 'Task', cell: (task) => task.name },
  { header: 'Assigned to', cell: (task) => task.assignedTo },
  { header: 'Start', cell: (task) => task.startDate },
  { header: 'End', cell: (task) => task.endDate },
  { header: 'Days', cell: (task) => task.days },
  { header: 'Progress (%)', cell: (task) => task.progress },
  { header: 'Early start', cell: (task) => task.earlyStart },
  { header: 'Early finish', cell: (task) => task.earlyFinish },
  { header: 'Late start', cell: (task) => task.lateStart },
  { header: 'Late finish', cell: (task) => task.lateFinish },
  { header: 'Total float (days)', cell: (task) => task.totalFloat },
  { header: 'Critical', cell: yesNo },
  { header: 'Baseline start', cell: (task) => task.baselineStart },
  { header: 'Baseline end', cell: (task) => task.baselineEnd },
  { header: 'Slip (days)', cell: (task) => task.slipDays },
  { header: 'Waits for', cell: (task) => task.waitsFor.join('; ') },
];
const NOTES_COLUMN = { header: 'Notes', cell: (task: ExportedTask) => task.notes };

/** The schedule as CSV: a line per task in the phases' order; the notes column for staff only. */
export function scheduleCsv(exported: ScheduleExport): string {
  const columns = exported.withNotes ? [...CSV_COLUMNS, NOTES_COLUMN] : CSV_COLUMNS;
  return [
    csvLine(columns.map((column) => column.header)),
    ...exported.tasks.map((task) => csvLine(columns.map((column) => column.cell(task)))),
  ].join('');
}
