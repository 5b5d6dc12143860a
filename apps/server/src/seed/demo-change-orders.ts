import { randomUUID } from 'node:crypto';
import { changeOrderMachine } from '@trowel/shared/change-orders/change-order.machine.ts';
import { changeOrderNumber } from '@trowel/shared/change-orders/change-order.schemas.ts';
import { sumKobo, toKobo } from '@trowel/shared/money/kobo.ts';
import { lineTotalKobo } from '@trowel/shared/money/line-total.ts';
import type { Repositories } from '../platform.ts';
import { seedHistory } from '../workflow/seed-history.ts';
import { demoActor } from './demo-people.ts';

/**
 * Change orders of the demo: on the Maitama Office Complex (client2@trowel.test), one awaiting the
 * client's answer and one draft. None is approved, so no demo figure of value or payment moves.
 */
const DEMO_CHANGE_ORDERS = [
  {
    project: 'Maitama Office Complex',
    by: 'qs@trowel.test',
    description: 'Additional basement waterproofing',
    reason: 'Water table found higher than the soil report showed during excavation',
    lines: [
      { description: 'Bituminous membrane', quantity: 850, unit: 'm2', unitPrice: 9_500 },
      { description: 'Protection screed', quantity: 850, unit: 'm2', unitPrice: 3_200 },
    ],
    scheduleImpactDays: 14,
    installment: { amount: 5_000_000, dueDate: '2027-01-31' },
    internalNotes: 'Supplier quote valid until the end of the month',
    sent: true,
  },
  {
    project: 'Maitama Office Complex',
    by: 'pm@trowel.test',
    description: 'Upgrade lobby floor to polished granite',
    reason: 'Client asked on the site visit',
    lines: [{ description: 'Polished granite tiles, laid', quantity: 320, unit: 'm2', unitPrice: 38_000 }],
    scheduleImpactDays: 0,
    installment: null,
    internalNotes: '',
    sent: false,
  },
];

export async function seedDemoChangeOrders(
  scoped: Repositories,
  idsByEmail: Map<string, string>,
  projectIds: Map<string, string>,
) {
  const actor = (email: string) => demoActor(idsByEmail, email);
  for (const demo of DEMO_CHANGE_ORDERS) {
    const items = demo.lines.map((line) => ({
      id: randomUUID(),
      description: line.description,
      quantity: line.quantity,
      unit: line.unit,
      unitPriceKobo: toKobo(line.unitPrice),
      totalKobo: lineTotalKobo(line.quantity, line.unitPrice),
    }));
    const order = await scoped.changeOrders.insert({
      projectId: projectIds.get(demo.project)!,
      description: demo.description,
      reason: demo.reason,
      items,
      totalKobo: sumKobo(items.map((line) => line.totalKobo)),
      scheduleImpactDays: demo.scheduleImpactDays,
      internalNotes: demo.internalNotes,
      installmentAmountKobo: demo.installment ? toKobo(demo.installment.amount) : null,
      installmentDueDate: demo.installment?.dueDate ?? null,
      createdBy: actor(demo.by).id,
    });
    const reached = await seedHistory(scoped, changeOrderMachine, order.id, {
      created: { status: 'draft', actor: actor(demo.by), remarks: changeOrderNumber(order.sequence) },
      steps: demo.sent ? [{ action: 'send' as const, actor: actor(demo.by) }] : [],
      options: undefined,
    });
    if (reached !== 'draft') await scoped.changeOrders.setStatus(order.id, reached, { sentAt: new Date() });
  }
}
