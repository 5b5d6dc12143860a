import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../auth/roles.ts';
import { budgetProjectChoice, canCreateBudget } from '../budgets/budget.policy.ts';
import { canRequestStock, inventoryRequestProjectChoice } from '../inventory/inventory-request.policy.ts';
import {
  canRequestMaterials,
  materialRequestProjectChoice,
} from '../material-requests/material-request.policy.ts';
import { isOffered, type ProjectChoice, type ProjectStanding } from './project-choice.ts';
import { projectAbilities, seesProjectFigures } from './project.policy.ts';

const me = (role: Role) => ({ id: 'me', role });

/** Four projects, as one person stands to them: leads it, on its team, both, neither. */
const PROJECTS: Record<string, ProjectStanding> = {
  led: { projectLeadId: 'me', clientId: 'c', isMember: false },
  team: { projectLeadId: 'other', clientId: 'c', isMember: true },
  ledAndTeam: { projectLeadId: 'me', clientId: 'c', isMember: true },
  neither: { projectLeadId: 'other', clientId: 'c', isMember: false },
};
const offered = (choice: ProjectChoice, role: Role) =>
  Object.keys(PROJECTS).filter((name) => isOffered(choice, me(role), PROJECTS[name]!));

describe('project choices', () => {
  it('offer every project seen, those led, those with the person on the team, or none', () => {
    expect(offered('visible', 'accountant')).toEqual(['led', 'team', 'ledAndTeam', 'neither']);
    expect(offered('visible', 'client')).toEqual([]);
    expect(isOffered('visible', { id: 'c', role: 'client' }, PROJECTS.neither!)).toBe(true);
    expect(offered('led', 'project_lead')).toEqual(['led', 'ledAndTeam']);
    expect(offered('team', 'team_member')).toEqual(['team', 'ledAndTeam']);
    expect(isOffered('team', me('team_member'), { projectLeadId: null, clientId: null })).toBe(false);
    expect(offered('none', 'admin')).toEqual([]);
  });

  // Each domain's choice per role; its check is the same rule, so the form offers exactly what the server allows.
  const EXPECTED: Record<
    Role,
    [budget: ProjectChoice, ask: ProjectChoice, filter: ProjectChoice, stock: ProjectChoice]
  > = {
    admin: ['visible', 'none', 'visible', 'none'],
    project_manager: ['none', 'none', 'visible', 'none'],
    project_lead: ['led', 'led', 'led', 'visible'],
    architect: ['led', 'none', 'none', 'none'],
    quantity_surveyor: ['visible', 'none', 'none', 'none'],
    accountant: ['visible', 'none', 'none', 'none'],
    store_keeper: ['none', 'none', 'visible', 'none'],
    team_member: ['none', 'team', 'team', 'team'],
    client: ['none', 'none', 'none', 'none'],
    vendor: ['none', 'none', 'none', 'none'],
  };
  it.each(ROLES)('%s', (role) => {
    const [budget, ask, filter, stock] = EXPECTED[role];
    expect(budgetProjectChoice(me(role))).toBe(budget);
    expect(materialRequestProjectChoice(me(role), 'request')).toBe(ask);
    expect(materialRequestProjectChoice(me(role), 'filter')).toBe(filter);
    expect(inventoryRequestProjectChoice(me(role))).toBe(stock);
    for (const project of Object.values(PROJECTS)) {
      expect(canCreateBudget(me(role), project)).toBe(isOffered(budget, me(role), project));
      expect(canRequestMaterials(me(role), project)).toBe(isOffered(ask, me(role), project));
      expect(canRequestStock(me(role), project)).toBe(isOffered(stock, me(role), project));
    }
  });

  it('let a lead create budgets and ask materials only on projects they lead', () => {
    expect(canCreateBudget(me('project_lead'), PROJECTS.neither!)).toBe(false);
    expect(canCreateBudget(me('project_lead'), PROJECTS.led!)).toBe(true);
    expect(canCreateBudget(me('architect'), PROJECTS.team!)).toBe(false);
    expect(canCreateBudget(me('quantity_surveyor'), PROJECTS.neither!)).toBe(true);
    expect(canRequestMaterials(me('project_lead'), PROJECTS.team!)).toBe(false);
    expect(canRequestMaterials(me('team_member'), PROJECTS.led!)).toBe(false);
    expect(canRequestStock(me('project_lead'), PROJECTS.neither!)).toBe(true);
  });
});

describe("a project's budgets and costs", () => {
  it('are seen by leads and architects on the projects they lead only, by other readers on all', () => {
    const other = { projectLeadId: 'other', clientId: 'c' };
    const mine = { projectLeadId: 'me', clientId: 'c' };
    for (const role of ['project_lead', 'architect'] as const) {
      expect([seesProjectFigures(me(role), mine), seesProjectFigures(me(role), other)]).toEqual([
        true,
        false,
      ]);
      expect(projectAbilities(me(role), other).viewBudget).toBe(false);
    }
    expect(seesProjectFigures(me('quantity_surveyor'), other)).toBe(true);
    expect(projectAbilities(me('quantity_surveyor'), other).viewBudget).toBe(true);
  });
});
