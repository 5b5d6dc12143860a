import { describe, expect, it } from 'vitest';
import { INVENTORY_REQUEST_STATUSES, inventoryRequestMachine } from './inventory-request.machine.ts';
import { inventoryStepNotices, inventoryStepToast } from './inventory-request.notices.ts';

const request = { itemName: 'Sharp sand', unit: 'tonnes', quantityRequested: 12, quantityApproved: 5 };
/** A status as the database stores it (an underscored word), in a text meant for people. */
const rawStatusIn = (text: string) =>
  INVENTORY_REQUEST_STATUSES.some((status) => status.includes('_') && text.includes(status));

describe('inventory request notices', () => {
  it('name the quantity the step left: approved part, then released', () => {
    const told = { by: 'Tunde Bakare', request, notes: 'Only 5 now' };
    expect(inventoryStepNotices('store_partially_approve', told)).toEqual([
      {
        to: 'requester',
        title: 'Inventory request partially approved',
        message:
          'Tunde Bakare approved 5 of the 12 tonnes of Sharp sand you asked for; it awaits release. Notes: "Only 5 now"',
      },
    ]);
    expect(inventoryStepNotices('release', { ...told, notes: null })[0]!.message).toBe(
      'Tunde Bakare released 5 tonnes of Sharp sand for your request.',
    );
    expect(inventoryStepToast('release', request)).toBe('Released 5 tonnes of Sharp sand');
    expect(inventoryStepToast('store_partially_approve', request)).toBe(
      'Approved 5 of 12 tonnes of Sharp sand',
    );
  });

  it('tell the administrators of an escalation and the store of an admin approval', () => {
    const told = { by: 'Ada', request: { ...request, quantityApproved: null }, notes: null };
    expect(inventoryStepNotices('lead_escalate', told).map((notice) => notice.to)).toEqual(['admins']);
    expect(inventoryStepNotices('admin_approve', told).map((notice) => notice.to)).toEqual([
      'requester',
      'store',
    ]);
    expect(inventoryStepNotices('resubmit', told).map((notice) => notice.to)).toEqual(['store']);
  });

  it('never carry a raw status word, for any step', () => {
    for (const action of inventoryRequestMachine.actions) {
      for (const notice of inventoryStepNotices(action, { by: 'Ada', request, notes: null })) {
        expect(rawStatusIn(notice.title) || rawStatusIn(notice.message), action).toBe(false);
      }
      expect(rawStatusIn(inventoryStepToast(action, request)), action).toBe(false);
    }
  });
});
