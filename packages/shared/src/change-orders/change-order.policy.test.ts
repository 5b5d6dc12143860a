import { describe, expect, it } from 'vitest';
import type { Role } from '../auth/roles.ts';
import {
  canDraftChangeOrders,
  canEditChangeOrder,
  canReadChangeOrders,
  canSeeChangeOrder,
  changeOrderActions,
} from './change-order.policy.ts';
import { changeOrderNumber } from './change-order.schemas.ts';

const who = (role: Role, id = `${role}-1`) => ({ id, role });
const project = { projectLeadId: 'project_lead-1', clientId: 'client-1' };

describe('who reads and drafts a project’s change orders', () => {
  it.each([
    ['admin', true, true],
    ['project_manager', true, true],
    ['quantity_surveyor', true, true],
    ['accountant', true, false],
    ['project_lead', true, true],
    ['architect', false, false],
    ['team_member', false, false],
    ['store_keeper', false, false],
    ['client', true, false],
    ['vendor', false, false],
  ] as const)('%s reads: %s, drafts: %s', (role, reads, drafts) => {
    expect(canReadChangeOrders(who(role), project)).toBe(reads);
    expect(canDraftChangeOrders(who(role), project)).toBe(drafts);
  });

  it('keeps a lead to the projects they lead and a client to their own', () => {
    expect(canReadChangeOrders(who('project_lead', 'other'), project)).toBe(false);
    expect(canDraftChangeOrders(who('project_lead', 'other'), project)).toBe(false);
    expect(canReadChangeOrders(who('client', 'other'), project)).toBe(false);
  });

  it('shows the client only what was sent to them', () => {
    expect(canSeeChangeOrder(who('client'), project, { sentAt: null })).toBe(false);
    expect(canSeeChangeOrder(who('client'), project, { sentAt: '2026-01-01T00:00:00Z' })).toBe(true);
    expect(canSeeChangeOrder(who('project_lead'), project, { sentAt: null })).toBe(true);
  });
});

describe('what a screen offers', () => {
  it('offers the staff sending and withdrawing, the client the answer', () => {
    expect(changeOrderActions(who('project_manager'), project, { status: 'draft' })).toEqual([
      'send',
      'withdraw',
    ]);
    expect(changeOrderActions(who('client'), project, { status: 'sent_to_client' })).toEqual([
      'approve',
      'decline',
    ]);
    expect(changeOrderActions(who('client', 'other'), project, { status: 'sent_to_client' })).toEqual([]);
    expect(changeOrderActions(who('accountant'), project, { status: 'draft' })).toEqual([]);
    expect(changeOrderActions(who('project_lead', 'other'), project, { status: 'draft' })).toEqual([]);
  });

  it('edits drafts only', () => {
    expect(canEditChangeOrder(who('admin'), project, { status: 'draft' })).toBe(true);
    expect(canEditChangeOrder(who('admin'), project, { status: 'sent_to_client' })).toBe(false);
  });
});

describe('numbers', () => {
  it('reads CO-001 and grows past 999', () => {
    expect(changeOrderNumber(1)).toBe('CO-001');
    expect(changeOrderNumber(42)).toBe('CO-042');
    expect(changeOrderNumber(1234)).toBe('CO-1234');
  });
});
