import type { Role } from '@trowel/shared/auth/roles.ts';
import type { AttachmentDto } from '@trowel/shared/files/attachment.schemas.ts';
import type {
  PhaseDto,
  ProjectDto,
  ProjectSummaryDto,
  TaskDto,
} from '@trowel/shared/projects/project.schemas.ts';
import type { UserDto } from '@trowel/shared/users/user.schemas.ts';

let sequence = 0;

export function buildUser(overrides: Partial<UserDto> = {}): UserDto {
  sequence += 1;
  return {
    id: `user-${sequence}`,
    name: `Person ${sequence}`,
    email: `person${sequence}@trowel.test`,
    phone: '',
    role: 'team_member' satisfies Role,
    location: '',
    company: 'Trowel Construction Ltd',
    bio: '',
    avatar: null,
    createdAt: '2025-01-15T09:30:00.000Z',
    updatedAt: '2025-02-01T12:00:00.000Z',
    ...overrides,
  };
}

let uuidSequence = 0;
/** A valid UUID (the project schemas check ids), unique per call. */
export function uuid(): string {
  uuidSequence += 1;
  return `00000000-0000-4000-8000-${String(uuidSequence).padStart(12, '0')}`;
}

export function buildProjectSummary(overrides: Partial<ProjectSummaryDto> = {}): ProjectSummaryDto {
  const id = overrides.id ?? uuid();
  return {
    id,
    title: `Project ${id.slice(-4)}`,
    description: 'Twelve units of three-bedroom apartments.',
    location: 'Lekki Phase 1, Lagos',
    category: 'Residential',
    status: 'in_progress',
    startDate: '2025-03-05',
    endDate: '2026-06-30',
    budget: 12_500_000,
    spent: 5_000_000,
    projectValue: 12_500_000,
    progress: 40,
    projectLeadId: null,
    projectLead: null,
    clientId: null,
    client: null,
    teamMemberCount: 2,
    createdAt: '2025-02-01T09:00:00.000Z',
    updatedAt: '2025-03-10T12:00:00.000Z',
    ...overrides,
  };
}

export function buildAttachment(overrides: Partial<AttachmentDto> = {}): AttachmentDto {
  const id = overrides.id ?? uuid();
  return {
    id,
    originalName: 'site-photo.jpg',
    filename: `${id}.jpg`,
    mimeType: 'image/jpeg',
    size: 2048,
    status: 'ready',
    variants: {},
    viewUrl: `/api/attachments/${id}/view?token=t`,
    downloadUrl: `/api/attachments/${id}/download?token=t`,
    originalUrl: `/api/attachments/${id}/view?token=t`,
    projectId: null,
    phaseId: null,
    taskId: null,
    duration: null,
    uploadedBy: null,
    createdAt: '2025-03-10T12:00:00.000Z',
    ...overrides,
  };
}

export function buildTask(overrides: Partial<TaskDto> = {}): TaskDto {
  return {
    id: uuid(),
    name: 'Pour foundation slab',
    assignedTo: null,
    assignedToId: null,
    progress: 0,
    notes: null,
    startDate: null,
    endDate: null,
    isOverdue: false,
    attachments: [],
    ...overrides,
  };
}

export function buildPhase(overrides: Partial<PhaseDto> = {}): PhaseDto {
  return {
    id: uuid(),
    name: 'Foundation',
    customLabel: null,
    status: 'not_started',
    progress: 0,
    tasks: [],
    ...overrides,
  };
}

export function buildProject(overrides: Partial<ProjectDto> = {}): ProjectDto {
  return { ...buildProjectSummary(), teamMembers: [], phases: [], ...overrides };
}
