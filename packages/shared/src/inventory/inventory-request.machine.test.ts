import { describe, expect, it } from 'vitest';
import { ROLES } from '../auth/roles.ts';
import { machineCases, outcomeOf } from '../workflow/machine-cases.ts';
import {
  INVENTORY_REQUEST_STATUSES,
  INVENTORY_STATUS_LABELS,
  inventoryActionFor,
  inventoryRequestMachine,
  inventoryTargetOf,
  isOpenInventoryRequest,
  type InventoryRequestAction,
} from './inventory-request.machine.ts';
import {
  checkInventoryRequestAction,
  inventoryRequestActions,
  notesFieldFor,
} from './inventory-request.policy.ts';

/** Spec 2 §4, written out apart from the machine: [from, action, role, to]. */
const ALLOWED = [
  ['pending_store_keeper_approval', 'store_approve', 'store_keeper', 'approved_by_store_pending_release'],
  ['pending_store_keeper_approval', 'store_partially_approve', 'store_keeper', 'partially_approved_by_store'],
  ['pending_store_keeper_approval', 'store_reject', 'store_keeper', 'rejected_by_store'],
  ['pending_store_keeper_approval', 'lead_escalate', 'project_lead', 'pending_admin_approval'],
  ['approved_by_store_pending_release', 'store_escalate', 'store_keeper', 'pending_admin_approval'],
  ['partially_approved_by_store', 'store_escalate', 'store_keeper', 'pending_admin_approval'],
  ['pending_admin_approval', 'admin_approve', 'admin', 'approved_by_admin_pending_store_release'],
  ['pending_admin_approval', 'admin_approve', 'project_manager', 'approved_by_admin_pending_store_release'],
  ['pending_admin_approval', 'admin_request_revision', 'admin', 'revision_requested_by_admin'],
  ['pending_admin_approval', 'admin_request_revision', 'project_manager', 'revision_requested_by_admin'],
  ['pending_admin_approval', 'admin_reject', 'admin', 'rejected_by_admin'],
  ['pending_admin_approval', 'admin_reject', 'project_manager', 'rejected_by_admin'],
  ['approved_by_admin_pending_store_release', 'release', 'store_keeper', 'approved'],
  ['approved_by_store_pending_release', 'release', 'store_keeper', 'approved'],
  ['partially_approved_by_store', 'release', 'store_keeper', 'approved'],
  ['revision_requested_by_admin', 'resubmit', 'project_lead', 'pending_store_keeper_approval'],
  ['revision_requested_by_admin', 'resubmit', 'team_member', 'pending_store_keeper_approval'],
] as const;

const ME = 'me';

describe('inventory request machine', () => {
  const cases = machineCases(inventoryRequestMachine, ALLOWED);

  it('gives every (status, action, role) triple the outcome of the spec', () => {
    expect(cases).toHaveLength(INVENTORY_REQUEST_STATUSES.length * 10 * ROLES.length);
    for (const triple of cases) {
      expect(outcomeOf(inventoryRequestMachine, triple, undefined), JSON.stringify(triple)).toBe(
        triple.expected,
      );
    }
  });

  it('adds the relation to the request: a lead escalates others’ requests only, the requester alone resubmits', () => {
    const needsOther: InventoryRequestAction[] = ['lead_escalate'];
    const needsOwn: InventoryRequestAction[] = ['resubmit'];
    for (const triple of cases) {
      for (const isRequester of [true, false]) {
        const request = { status: triple.status, requestedById: isRequester ? ME : 'someone' };
        const refusedByRelation =
          (needsOther.includes(triple.action) && isRequester) ||
          (needsOwn.includes(triple.action) && !isRequester);
        const expected = triple.expected === 'role' || refusedByRelation ? 'role' : triple.expected;
        const check = checkInventoryRequestAction({ id: ME, role: triple.role }, request, triple.action);
        expect(
          check.allowed ? check.next : check.refusal,
          `${JSON.stringify(triple)} requester=${isRequester}`,
        ).toBe(expected);
      }
    }
  });

  it('maps the status a PUT asks for to its action, and back', () => {
    for (const status of INVENTORY_REQUEST_STATUSES) {
      for (const role of ROLES) {
        expect(inventoryTargetOf(inventoryActionFor(status, role))).toBe(status);
      }
    }
    expect(inventoryActionFor('pending_admin_approval', 'project_lead')).toBe('lead_escalate');
    expect(inventoryActionFor('pending_admin_approval', 'store_keeper')).toBe('store_escalate');
  });

  it('offers each role its buttons', () => {
    const pending = { status: 'pending_store_keeper_approval' as const, requestedById: 'someone' };
    expect(inventoryRequestActions({ id: ME, role: 'store_keeper' }, pending)).toEqual([
      'store_approve',
      'store_partially_approve',
      'store_reject',
    ]);
    expect(inventoryRequestActions({ id: ME, role: 'project_lead' }, pending)).toEqual(['lead_escalate']);
    expect(
      inventoryRequestActions({ id: ME, role: 'project_lead' }, { ...pending, requestedById: ME }),
    ).toEqual([]);
    expect(inventoryRequestActions({ id: ME, role: 'team_member' }, pending)).toEqual([]);
  });

  it('labels, notes and open statuses', () => {
    expect(INVENTORY_STATUS_LABELS.approved).toBe('Approved & Released');
    expect(notesFieldFor('store_keeper')).toBe('storeKeeperNotes');
    expect(notesFieldFor('project_lead')).toBe('projectLeadNotes');
    expect(notesFieldFor('project_manager')).toBe('adminNotes');
    expect(notesFieldFor('team_member')).toBe('notes');
    expect(notesFieldFor('project_lead', 'resubmit')).toBe('notes');
    expect(notesFieldFor('project_lead', 'lead_escalate')).toBe('projectLeadNotes');
    expect(isOpenInventoryRequest('revision_requested_by_admin')).toBe(true);
    expect(isOpenInventoryRequest('approved')).toBe(false);
    expect(isOpenInventoryRequest('rejected_by_store')).toBe(false);
  });
});
