import { normaliseNigerianPhone } from '@trowel/shared/procurement/vendor.constants.ts';
import { sumNaira } from '@trowel/shared/money/kobo.ts';
import { lineTotal } from '@trowel/shared/money/line-total.ts';
import { rfqMachine, type RfqAction } from '@trowel/shared/procurement/rfq.machine.ts';
import { historyAmount } from '@trowel/shared/workflow/history-amounts.ts';
import type { Repositories } from '../context.ts';
import type { WorkflowActor } from '../workflow/step.ts';
import { seedHistory, type PastStep } from '../workflow/seed-history.ts';
import type { NewVendor } from '../modules/procurement/vendors/vendors.repository.ts';
import { DEMO_PEOPLE, demoPerson } from './demo-people.ts';

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

/** Vendor records for the demo vendors, and the demo's RFQs (`DEMO_RFQS`). */
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
  const vendorIdOf = new Map(
    DEMO_PEOPLE.filter((person) => person.role === 'vendor').map((person, index) => [
      person.email,
      vendorIds[index]!,
    ]),
  );
  for (const demo of DEMO_RFQS) {
    await seedDemoRfq(scoped, demo, {
      qs: { id: qsId, role: 'quantity_surveyor' },
      projectId: projectIds.get(demo.project) ?? null,
      vendorIdOf,
      userIdOf: (email) => idsByEmail.get(email)!,
    });
  }
}

interface DemoRfq {
  title: string;
  description: string;
  project: string;
  items: Array<{ name: string; description: string; quantity: number; unit: string }>;
  /** The vendors it is sent to, by email. */
  vendors: string[];
  /** Quotes already in: a unit price for each item, in order. */
  quotes: Array<{ vendor: string; unitPrices: number[]; notes: string }>;
}

/**
 * The demo's RFQs, sent by the QS: one waiting for both vendors' quotes, and one on the Maitama
 * Office Complex's wiring that the electrical vendor has quoted (so its comparison has a quote).
 */
const DEMO_RFQS: DemoRfq[] = [
  {
    title: 'Cement and reinforcement for the ground floor slab',
    description: 'Delivery to site within two weeks of the order. Prices to include delivery.',
    project: 'Lekki Pearl Apartments',
    items: [
      {
        name: 'Portland cement (50 kg bags)',
        description: 'Dangote 42.5R or equal',
        quantity: 400,
        unit: 'bags',
      },
      { name: 'Reinforcement bars 16 mm', description: '12 m lengths', quantity: 6, unit: 'tonnes' },
      { name: 'Binding wire', description: '', quantity: 20, unit: 'rolls' },
    ],
    vendors: ['vendor@trowel.test', 'vendor2@trowel.test'],
    quotes: [],
  },
  {
    title: 'Conduits, boxes and cable for the office floors',
    description: 'For the electrical first fix of floors 3 to 6. Prices to include delivery to Maitama.',
    project: 'Maitama Office Complex',
    items: [
      { name: '20 mm PVC conduit', description: '3 m lengths', quantity: 1200, unit: 'lengths' },
      { name: 'Junction boxes, 4-way', description: '', quantity: 350, unit: 'pieces' },
      {
        name: '2.5 mm² single-core cable',
        description: '100 m rolls, red and black',
        quantity: 40,
        unit: 'rolls',
      },
    ],
    vendors: ['vendor2@trowel.test'],
    quotes: [
      {
        vendor: 'vendor2@trowel.test',
        unitPrices: [1150, 850, 38500],
        notes: 'Delivery within 5 working days of the order.',
      },
    ],
  },
];

async function seedDemoRfq(
  scoped: Repositories,
  demo: DemoRfq,
  people: {
    qs: WorkflowActor;
    projectId: string | null;
    vendorIdOf: ReadonlyMap<string, string>;
    userIdOf: (email: string) => string;
  },
) {
  const rfq = await scoped.rfqs.insert({
    title: demo.title,
    description: demo.description,
    projectId: people.projectId,
    dueDate: null,
    costCategory: 'Materials',
    sealed: false,
    bidDeadline: null,
    createdBy: people.qs.id,
  });
  await scoped.rfqs.insertItems(rfq.id, demo.items);
  await scoped.rfqs.invite(
    rfq.id,
    demo.vendors.map((email) => people.vendorIdOf.get(email)!),
  );
  const items = await scoped.rfqs.items(rfq.id);
  const quoted: Array<PastStep<RfqAction>> = [];
  for (const quote of demo.quotes) {
    const vendorId = people.vendorIdOf.get(quote.vendor)!;
    const lines = items.map((item, index) => {
      const unitPrice = quote.unitPrices[index]!;
      return {
        itemId: item.id,
        unitPrice,
        totalPrice: lineTotal(Number(item.quantity), unitPrice),
        notes: '',
      };
    });
    const totalAmount = sumNaira(lines.map((line) => line.totalPrice));
    await scoped.rfqs.saveResponse({
      rfqId: rfq.id,
      vendorId,
      notes: quote.notes,
      priced: { totalAmount, items: lines },
    });
    const vendorName = demoPerson(quote.vendor).company;
    quoted.push({
      action: 'record_response',
      actor: { id: people.userIdOf(quote.vendor), role: 'vendor' },
      remarks: `${vendorName}, total ${historyAmount(totalAmount)}`,
    });
  }
  const status = await seedHistory(scoped, rfqMachine, rfq.id, {
    created: { status: rfq.status, actor: people.qs },
    steps: [{ action: 'send_to_vendors', actor: people.qs }, ...quoted],
    options: undefined,
  });
  await scoped.rfqs.update(rfq.id, { status, sentAt: new Date() });
}
