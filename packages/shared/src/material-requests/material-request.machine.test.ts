import { describe, expect, it } from 'vitest';
import { ROLES } from '../auth/roles.ts';
import { machineCases, outcomeOf } from '../workflow/machine-cases.ts';
import {
  MATERIAL_REQUEST_STATUSES,
  materialRequestBadge,
  materialRequestMachine,
  type MaterialRequestAction,
  type MaterialRequestStatus,
} from './material-request.machine.ts';
import {
  checkMaterialRequestAction,
  materialRequestAbilities,
  type MaterialRequestRelation,
} from './material-request.policy.ts';

/** Spec 2 §4, written out apart from the machine: [from, action, role, to]. */
const ALLOWED = [
  ['pending_lead_approval', 'approve', 'project_lead', 'approved_by_lead'],
  ['pending_lead_approval', 'reject', 'project_lead', 'rejected_by_lead'],
  ['pending_lead_approval', 'return_to_engineer', 'project_lead', 'needs_review_by_engineer'],
  ['needs_review_by_engineer', 'resubmit', 'team_member', 'pending_lead_approval'],
  ['needs_review_by_engineer', 'resubmit', 'project_lead', 'pending_lead_approval'],
  ['approved_by_lead', 'mark_delivered', 'store_keeper', 'approved_by_lead'],
  ['approved_by_lead', 'mark_partially_delivered', 'store_keeper', 'approved_by_lead'],
  ['approved_by_lead', 'mark_unavailable', 'store_keeper', 'approved_by_lead'],
] as const;

/** Which relation to the request each action needs besides the role. */
const NEEDS: Partial<Record<MaterialRequestAction, keyof MaterialRequestRelation>> = {
  approve: 'leadsProject',
  reject: 'leadsProject',
  return_to_engineer: 'leadsProject',
  resubmit: 'isRequester',
};

const RELATIONS: Array<[string, MaterialRequestRelation]> = [
  ['lead of the project', { leadsProject: true, isRequester: false }],
  ['requester', { leadsProject: false, isRequester: true }],
  ['lead and requester', { leadsProject: true, isRequester: true }],
  ['unrelated', { leadsProject: false, isRequester: false }],
];

const ME = 'me';
function requestFor(status: MaterialRequestStatus, relation: MaterialRequestRelation) {
  return {
    status,
    requestedById: relation.isRequester ? ME : 'someone',
    projectLeadId: relation.leadsProject ? ME : 'another-lead',
  };
}

describe('material request machine', () => {
  const cases = machineCases(materialRequestMachine, ALLOWED);

  it('gives every (status, action, role) triple the outcome of the spec', () => {
    expect(cases).toHaveLength(MATERIAL_REQUEST_STATUSES.length * 7 * ROLES.length);
    for (const triple of cases) {
      expect(outcomeOf(materialRequestMachine, triple, undefined), JSON.stringify(triple)).toBe(
        triple.expected,
      );
    }
  });

  it('adds the relation to the project: only the lead reviews, only the requester resubmits', () => {
    for (const triple of cases) {
      for (const [label, relation] of RELATIONS) {
        const needed = NEEDS[triple.action];
        const expected =
          triple.expected === 'role' || (needed && !relation[needed]) ? 'role' : triple.expected;
        const check = checkMaterialRequestAction(
          { id: ME, role: triple.role },
          requestFor(triple.status, relation),
          triple.action,
        );
        const outcome = check.allowed ? check.next : check.refusal;
        expect(outcome, `${JSON.stringify(triple)} as ${label}`).toBe(expected);
      }
    }
  });

  it('offers the screen its controls', () => {
    const pending = requestFor('pending_lead_approval', { leadsProject: false, isRequester: true });
    expect(materialRequestAbilities({ id: ME, role: 'team_member' }, pending)).toEqual({
      review: false,
      storeUpdate: false,
      edit: true,
      resubmit: false,
      delete: true,
    });
    const returned = requestFor('needs_review_by_engineer', { leadsProject: false, isRequester: true });
    expect(materialRequestAbilities({ id: ME, role: 'team_member' }, returned)).toMatchObject({
      edit: true,
      resubmit: true,
      delete: false,
    });
    const asLead = requestFor('pending_lead_approval', { leadsProject: true, isRequester: false });
    expect(materialRequestAbilities({ id: ME, role: 'project_lead' }, asLead)).toMatchObject({
      review: true,
      edit: false,
      delete: false,
    });
    const approved = requestFor('approved_by_lead', { leadsProject: false, isRequester: false });
    expect(materialRequestAbilities({ id: ME, role: 'store_keeper' }, approved).storeUpdate).toBe(true);
    expect(materialRequestAbilities({ id: ME, role: 'admin' }, approved).delete).toBe(true);
    expect(materialRequestAbilities({ id: ME, role: 'project_manager' }, approved)).toEqual({
      review: false,
      storeUpdate: false,
      edit: false,
      resubmit: false,
      delete: false,
    });
  });

  it('shows the store status in place of the status once set', () => {
    expect(materialRequestBadge({ status: 'approved_by_lead', storeStatus: null }).label).toBe(
      'Approved by Lead',
    );
    expect(materialRequestBadge({ status: 'approved_by_lead', storeStatus: 'partially_delivered' })).toEqual({
      value: 'partially_delivered',
      label: 'Partially Delivered',
    });
  });
});
