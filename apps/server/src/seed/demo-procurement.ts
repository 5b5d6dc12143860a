import { normaliseNigerianPhone } from '@trowel/shared/procurement/vendor.constants.ts';
import { rfqMachine } from '@trowel/shared/procurement/rfq.machine.ts';
import type { Repositories } from '../context.ts';
import { seedHistory } from '../workflow/seed-history.ts';
import type { NewVendor } from '../modules/procurement/vendors/vendors.repository.ts';
import { DEMO_PEOPLE } from './demo-people.ts';

/** The vendor records of the demo vendor accounts, by email. */
const DEMO_VENDORS: Record<string, Pick<NewVendor, 'state' | 'category' | 'address'>> = {
  'vendor@trowel.test': {
    state: 'Anambra',
    category: 'Construction Materials',
    address: '14 New Market Road, Onitsha',
  },
  'vendor2@trowel.test': {
    state: 'Kano',
    category: 'Electrical Supplies',
    address: '7 Bompai Road, Kano',
  },
};

/** Vendor records for the demo vendors, and one RFQ sent to both of them. */
export async function seedDemoProcurement(
  scoped: Repositories,
  idsByEmail: Map<string, string>,
  projectIds: ReadonlyMap<string, string>,
) {
  const vendorIds: string[] = [];
  for (const person of DEMO_PEOPLE.filter((someone) => someone.role === 'vendor')) {
    const extra = DEMO_VENDORS[person.email];
    const vendor = await scoped.vendors.insert({
      userId: idsByEmail.get(person.email)!,
      name: person.company,
      contactPerson: person.name,
      email: person.email,
      phone: normaliseNigerianPhone(person.phone) ?? person.phone,
      description: person.bio,
      status: 'active',
      ...extra,
    });
    vendorIds.push(vendor.id);
  }
  const qsId = idsByEmail.get('qs@trowel.test');
  if (!qsId || vendorIds.length === 0) return;
  const rfq = await scoped.rfqs.insert({
    title: 'Cement and reinforcement for the ground floor slab',
    description: 'Delivery to site within two weeks of the order. Prices to include delivery.',
    projectId: [...projectIds.values()][0] ?? null,
    dueDate: null,
    costCategory: 'Materials',
    sealed: false,
    bidDeadline: null,
    createdBy: qsId,
  });
  await scoped.rfqs.insertItems(rfq.id, [
    {
      name: 'Portland cement (50 kg bags)',
      description: 'Dangote 42.5R or equal',
      quantity: 400,
      unit: 'bags',
    },
    { name: 'Reinforcement bars 16 mm', description: '12 m lengths', quantity: 6, unit: 'tonnes' },
    { name: 'Binding wire', description: '', quantity: 20, unit: 'rolls' },
  ]);
  await scoped.rfqs.invite(rfq.id, vendorIds);
  const qs = { id: qsId, role: 'quantity_surveyor' as const };
  const status = await seedHistory(scoped, rfqMachine, rfq.id, {
    created: { status: rfq.status, actor: qs },
    steps: [{ action: 'send_to_vendors', actor: qs }],
    options: undefined,
  });
  await scoped.rfqs.update(rfq.id, { status, sentAt: new Date() });
}
