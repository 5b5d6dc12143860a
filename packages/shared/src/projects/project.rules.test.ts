import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../auth/roles.ts';
import { phaseNameTaken } from './phase.names.ts';
import {
  derivePhaseProgress,
  derivePhaseStatus,
  deriveProjectProgress,
  isTaskOverdue,
  todayInLagos,
} from './phase.rules.ts';
import {
  canCreateProject,
  canDeleteProject,
  canEditOwnTask,
  canEditProject,
  canEditTasksFully,
  canViewProject,
} from './project.policy.ts';

describe('derived phase status and progress', () => {
  it.each([
    [[], 'on_hold', 'on_hold'],
    [[100, 100], 'not_started', 'completed'],
    [[0, 0], 'in_progress', 'not_started'],
    [[0, 50], 'not_started', 'in_progress'],
    [[100, 0], 'not_started', 'in_progress'],
    [[25], 'completed', 'in_progress'],
  ] as const)('tasks at %j (was %s) → %s', (progress, current, expected) => {
    expect(derivePhaseStatus(progress, current)).toBe(expected);
  });

  it('averages task progress, rounded, and keeps it without tasks', () => {
    expect(derivePhaseProgress([0, 25, 50], 0)).toBe(25);
    expect(derivePhaseProgress([50, 75], 0)).toBe(63);
    expect(derivePhaseProgress([], 40)).toBe(40);
    expect(deriveProjectProgress([100, 0, 0], 10)).toBe(33);
    expect(deriveProjectProgress([], 10)).toBe(10);
  });
});

describe('overdue tasks', () => {
  it.each([
    [{ endDate: '2026-11-20', progress: 50 }, true],
    [{ endDate: '2026-11-20', progress: 100 }, false],
    [{ endDate: '2026-11-21', progress: 0 }, false],
    [{ endDate: null, progress: 0 }, false],
  ])('%j is overdue on 2026-11-21: %s', (task, expected) => {
    expect(isTaskOverdue(task, '2026-11-21')).toBe(expected);
  });

  it('counts days in Lagos time', () => {
    expect(todayInLagos(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
    expect(todayInLagos(new Date('2026-11-21T10:00:00Z'))).toBe('2026-11-21');
  });
});

describe('phase names', () => {
  const phases = [
    { id: 'a', name: 'Foundation', customLabel: 'Footings' },
    { id: 'b', name: 'Roofing', customLabel: null },
  ];
  it.each([
    [['foundation'], undefined, true],
    [['FOOTINGS '], undefined, true],
    [['Walls', 'roofing'], undefined, true],
    [['Walls'], undefined, false],
    [['Footings'], 'a', false],
    [['', null], undefined, false],
  ] as const)('%j (except %s) taken: %s', (candidates, except, expected) => {
    expect(phaseNameTaken(phases, candidates, except)).toBe(expected);
  });
});

describe('project policy', () => {
  const leadId = 'lead-1';
  const clientId = 'client-1';
  const project = { projectLeadId: leadId, clientId };
  const actor = (role: Role, id = `${role}-x`) => ({ id, role });

  it.each(ROLES.map((role) => [role] as const))('%s: create, delete, edit, full task edit, view', (role) => {
    const someone = actor(role);
    expect(canCreateProject(someone)).toBe(['admin', 'project_manager', 'architect'].includes(role));
    expect(canDeleteProject(someone)).toBe(['admin', 'project_manager'].includes(role));
    expect(canEditProject(someone, project)).toBe(
      ['admin', 'project_manager', 'quantity_surveyor', 'accountant'].includes(role),
    );
    expect(canEditTasksFully(someone, project)).toBe(['admin', 'quantity_surveyor'].includes(role));
    expect(canViewProject(someone, project)).toBe(role !== 'vendor' && role !== 'client');
  });

  it.each(['project_lead', 'architect'] as const)(
    'a %s who leads the project edits it and its tasks',
    (role) => {
      const lead = actor(role, leadId);
      expect(canEditProject(lead, project)).toBe(true);
      expect(canEditTasksFully(lead, project)).toBe(true);
    },
  );

  it('a team member who leads nothing gets no lead rights even with the lead id', () => {
    expect(canEditProject(actor('team_member', leadId), project)).toBe(false);
  });

  it('the client of the project sees it; the assignee edits their own task only', () => {
    expect(canViewProject(actor('client', clientId), project)).toBe(true);
    expect(canEditOwnTask(actor('team_member', 'me'), { assignedToId: 'me' })).toBe(true);
    expect(canEditOwnTask(actor('team_member', 'me'), { assignedToId: 'other' })).toBe(false);
    expect(canEditOwnTask(actor('team_member', 'me'), { assignedToId: null })).toBe(false);
  });
});
