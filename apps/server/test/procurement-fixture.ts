import { randomUUID } from 'node:crypto';
import type { RfqStatus } from '@trowel/shared/procurement/rfq.machine.ts';
import { sumNaira } from '@trowel/shared/money/kobo.ts';
import { lineTotal } from '@trowel/shared/money/line-total.ts';
import {
  rfqItems,
  rfqs,
  rfqVendors,
  vendorResponseItems,
  vendorResponses,
  vendors,
} from '../src/db/schema.ts';
import type { TestServer, TestUser } from './harness.ts';

export interface VendorFixture extends TestUser {
  vendorId: string;
  companyName: string;
}

/** A vendor company with its sign-in account (role vendor), straight in the database. */
export async function makeVendor(
  server: TestServer,
  fields: { name?: string; phone?: string; status?: 'active' | 'inactive' | 'suspended' } = {},
): Promise<VendorFixture> {
  const user = await server.user('vendor');
  const companyName = fields.name ?? `Vendor ${randomUUID().slice(0, 6)} Ltd`;
  const [row] = await server.ctx.db
    .insert(vendors)
    .values({
      userId: user.id,
      name: companyName,
      contactPerson: user.name,
      email: user.email,
      phone: fields.phone ?? '+2348031234567',
      address: '12 Marina Road, Lagos',
      status: fields.status ?? 'active',
    })
    .returning({ id: vendors.id });
  return { ...user, vendorId: row!.id, companyName };
}

export interface RfqFixture {
  id: string;
  title: string;
  items: Array<{ id: string; name: string; quantity: number }>;
}

/** An RFQ with items, sent to `invited`, in `status`. */
export async function makeRfq(
  server: TestServer,
  createdBy: TestUser,
  invited: readonly VendorFixture[],
  fields: {
    status?: RfqStatus;
    items?: Array<{ name: string; quantity: number; unit?: string }>;
    projectId?: string;
  } = {},
): Promise<RfqFixture> {
  const { db } = server.ctx;
  const title = `RFQ ${randomUUID().slice(0, 6)}`;
  const [rfq] = await db
    .insert(rfqs)
    .values({
      title,
      description: 'Materials for the slab',
      status: fields.status ?? 'vendor_responded',
      // Vendors see an RFQ once it was sent to them.
      sentAt: (fields.status ?? 'vendor_responded') === 'pending_qs_review' ? null : new Date(),
      createdBy: createdBy.id,
      projectId: fields.projectId ?? null,
    })
    .returning({ id: rfqs.id });
  const wanted = fields.items ?? [
    { name: 'Cement 42.5R', quantity: 100, unit: 'bags' },
    { name: 'Sharp sand', quantity: 3, unit: 'trips' },
  ];
  const items = await db
    .insert(rfqItems)
    .values(
      wanted.map((item, position) => ({
        rfqId: rfq!.id,
        position,
        name: item.name,
        quantity: item.quantity,
        unit: item.unit ?? 'units',
      })),
    )
    .returning({ id: rfqItems.id, name: rfqItems.name, quantity: rfqItems.quantity });
  if (invited.length) {
    await db
      .insert(rfqVendors)
      .values(invited.map((vendor) => ({ rfqId: rfq!.id, vendorId: vendor.vendorId })));
  }
  return { id: rfq!.id, title, items };
}

/** The vendor's quote: one unit price per item, in the RFQ's item order. */
export async function makeQuote(
  server: TestServer,
  rfq: RfqFixture,
  vendor: VendorFixture,
  unitPrices: number[],
) {
  const { db } = server.ctx;
  const lines = rfq.items.map((item, index) => ({
    itemId: item.id,
    unitPrice: unitPrices[index]!,
    totalPrice: lineTotal(item.quantity, unitPrices[index]!),
  }));
  const [response] = await db
    .insert(vendorResponses)
    .values({
      rfqId: rfq.id,
      vendorId: vendor.vendorId,
      totalAmount: sumNaira(lines.map((line) => line.totalPrice)),
    })
    .returning({ id: vendorResponses.id });
  await db.insert(vendorResponseItems).values(lines.map((line) => ({ ...line, responseId: response!.id })));
  return response!.id;
}
