import {
  CATEGORY_REQUIRED,
  CLIENT_REQUIRED,
  createProjectInput,
  LEAD_REQUIRED,
  updateProjectInput,
  type CreateProjectInput,
  type ProjectDto,
  type UpdateProjectInput,
} from '@trowel/shared/projects/project.schemas.ts';
import type { FieldErrors, ResolverResult } from 'react-hook-form';

export type ProjectFormMode = 'create' | 'edit';

/** What the form holds: text as typed; numbers are parsed on submit. */
export interface ProjectFormValues {
  title: string;
  description: string;
  location: string;
  category: string;
  startDate: string;
  endDate: string;
  budget: string;
  projectLeadId: string;
  clientId: string;
  teamMemberIds: string[];
  /** Edit only. */
  status: string;
  spent: string;
  progress: string;
}

export type ProjectFormOutput = CreateProjectInput | UpdateProjectInput;

export function emptyProjectFormValues(): ProjectFormValues {
  return {
    title: '',
    description: '',
    location: '',
    category: '',
    startDate: '',
    endDate: '',
    budget: '',
    projectLeadId: '',
    clientId: '',
    teamMemberIds: [],
    status: 'not_started',
    spent: '0',
    progress: '0',
  };
}

export function projectToFormValues(project: ProjectDto): ProjectFormValues {
  return {
    title: project.title,
    description: project.description,
    location: project.location,
    category: project.category,
    startDate: project.startDate.slice(0, 10),
    endDate: project.endDate.slice(0, 10),
    // Only staff edit projects, and staff see the budget.
    budget: String(project.budget ?? ''),
    projectLeadId: project.projectLeadId ?? '',
    clientId: project.clientId ?? '',
    teamMemberIds: project.teamMembers.map((member) => member.userId),
    status: project.status,
    spent: String(project.spent ?? 0),
    progress: String(project.progress),
  };
}

/** A typed number, or undefined when the field is empty (NaN when it is not a number). */
function parseNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

const optional = (text: string) => (text === '' ? undefined : text);

/** The body the form would send, before validation. */
export function toProjectBody(values: ProjectFormValues, mode: ProjectFormMode): Record<string, unknown> {
  const body: Record<string, unknown> = {
    title: values.title,
    description: values.description,
    location: values.location,
    category: values.category,
    startDate: optional(values.startDate),
    endDate: optional(values.endDate),
    budget: parseNumber(values.budget),
    projectLeadId: values.projectLeadId,
    clientId: values.clientId,
    teamMemberIds: values.teamMemberIds,
  };
  if (mode === 'create') return body;
  const progress = parseNumber(values.progress);
  return {
    ...body,
    // A project without a lead or client keeps it that way on edit; on create both are required.
    projectLeadId: optional(values.projectLeadId),
    clientId: optional(values.clientId),
    status: values.status,
    spent: parseNumber(values.spent),
    progress: progress === undefined || Number.isNaN(progress) ? progress : Math.round(progress),
  };
}

const REQUIRED_NUMBERS = {
  budget: 'Budget is required',
  spent: 'Spent is required',
  progress: 'Progress is required',
} as const;

/** Validates with the shared schemas; errors are keyed by the form's field names. */
export function resolveProjectForm(
  values: ProjectFormValues,
  mode: ProjectFormMode,
): ResolverResult<ProjectFormValues, ProjectFormOutput> {
  const errors: Record<string, { type: string; message: string }> = {};
  const body = toProjectBody(values, mode);
  const schema = mode === 'create' ? createProjectInput : updateProjectInput;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'root');
      errors[field] ??= { type: 'validate', message: issue.message };
    }
  }
  if (mode === 'edit' && !values.category) errors.category = { type: 'required', message: CATEGORY_REQUIRED };
  const numbers = mode === 'create' ? (['budget'] as const) : (['budget', 'spent', 'progress'] as const);
  for (const field of numbers) {
    if (values[field].trim() === '') errors[field] = { type: 'required', message: REQUIRED_NUMBERS[field] };
  }
  if (Object.keys(errors).length > 0 || !parsed.success) {
    return { values: {}, errors: errors as FieldErrors<ProjectFormValues> };
  }
  return { values: parsed.data, errors: {} };
}

/** The toast for a missing choice the form cannot go without, in the order the form asks. */
export function missingChoiceToast(errors: FieldErrors<ProjectFormValues>): [string, string] | null {
  if (errors.category) return ['Category Required', CATEGORY_REQUIRED];
  if (errors.projectLeadId?.message === LEAD_REQUIRED) return ['Project Lead Required', LEAD_REQUIRED];
  if (errors.clientId?.message === CLIENT_REQUIRED) return ['Client Required', CLIENT_REQUIRED];
  return null;
}
