import { describe, expect, it } from 'vitest';
import type { Role } from '../auth/roles.ts';
import { machineCases, outcomeOf } from '../workflow/machine-cases.ts';
import {
  purchaseOrderMachine,
  type DeliveryOutcome,
  type PurchaseOrderAction,
  type PurchaseOrderStatus,
} from './purchase-order.machine.ts';

type Step = readonly [PurchaseOrderStatus, PurchaseOrderAction, Role, PurchaseOrderStatus];
const RECEIVERS: Role[] = ['admin', 'store_keeper', 'project_lead', 'architect'];

/** Issue 25, written out independently of the machine, for a delivery that leaves the order `to`. */
function allowed(partialTo: (from: PurchaseOrderStatus) => PurchaseOrderStatus): Step[] {
  return [
    ...RECEIVERS.flatMap((role): Step[] => [
      ['issued', 'receive', role, partialTo('issued')],
      ['partially_received', 'receive', role, partialTo('partially_received')],
    ]),
    ['issued', 'cancel', 'admin', 'cancelled'],
    ['received', 'close', 'admin', 'closed'],
    ['received', 'close', 'accountant', 'closed'],
  ];
}

const OUTCOMES: Array<[string, DeliveryOutcome, (from: PurchaseOrderStatus) => PurchaseOrderStatus]> = [
  ['completes the order', { complete: true, anyReceived: true }, () => 'received'],
  ['leaves lines open', { complete: false, anyReceived: true }, () => 'partially_received'],
  ['was turned back whole', { complete: false, anyReceived: false }, (from) => from],
];

describe('purchase order machine', () => {
  for (const [name, outcome, to] of OUTCOMES) {
    it(`gives every (status, action, role) its outcome when a delivery ${name}`, () => {
      for (const triple of machineCases(purchaseOrderMachine, allowed(to))) {
        expect(outcomeOf(purchaseOrderMachine, triple, outcome), JSON.stringify(triple)).toBe(
          triple.expected,
        );
      }
    });
  }

  it('offers the administrator cancel only while the order is issued', () => {
    expect(purchaseOrderMachine.actionsFor('issued', 'admin')).toContain('cancel');
    expect(purchaseOrderMachine.actionsFor('partially_received', 'admin')).not.toContain('cancel');
    expect(purchaseOrderMachine.actionsFor('issued', 'store_keeper')).toEqual(['receive']);
  });
});
