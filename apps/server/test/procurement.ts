/**
 * The procurement fixtures: `make…` goes through the API as a user would (vendors, RFQs, quotes, status
 * changes answered by the server); `insert…` writes the rows straight in the database, for tests of what
 * comes after them (negotiations, purchase orders, auto-login, idempotency).
 */
import { randomUUID } from 'node:crypto';
import type { RfqDto } from '@trowel/shared/procurement/rfq.schemas.ts';
import type { VendorDto } from '@trowel/shared/procurement/vendor.schemas.ts';
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
import { TEST_PASSWORD, type TestServer, type TestUser } from './harness.ts';
import { multipart, type FormFile } from './multipart.ts';

export const pdf = (name = 'spec.pdf'): FormFile => ({
  name,
  type: 'application/pdf',
  content: Buffer.from('%PDF-1.4\n%%EOF\n'),
});

export interface TestVendor {
  vendor: VendorDto;
  user: TestUser;
}

/** A vendor made through the API by `by` (admin or QS), signed in with TEST_PASSWORD. */
export async function makeVendor(
  server: TestServer,
  by: TestUser,
  fields: Record<string, unknown> = {},
): Promise<TestVendor> {
  const suffix = randomUUID().slice(0, 8);
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/vendors',
    headers: by.auth,
    payload: {
      name: `Vendor ${suffix} Ltd`,
      contactPerson: `Contact ${suffix}`,
      email: `vendor-${suffix}@trowel.test`,
      phone: '0803 123 4567',
      category: 'Construction Materials',
      state: 'Lagos',
      password: TEST_PASSWORD,
      ...fields,
    },
  });
  if (response.statusCode !== 201) throw new Error(`vendor not created: ${response.body}`);
  const vendor = response.json<{ vendor: VendorDto }>().vendor;
  // Only active vendors sign in.
  const token = vendor.status === 'active' ? await server.login(vendor.email) : '';
  return {
    vendor,
    user: {
      id: vendor.userId,
      name: vendor.contactPerson,
      email: vendor.email,
      role: 'vendor',
      token,
      auth: { authorization: `Bearer ${token}` },
    },
  };
}

export const TWO_ITEMS = [
  { name: 'Cement 50 kg', description: 'Dangote 42.5R', quantity: 100, unit: 'bags' },
  { name: 'Rebar 16 mm', quantity: 2.5, unit: 'tonnes' },
];

/** An RFQ made through the API (multipart), answered by the server. */
export async function postRfq(
  server: TestServer,
  by: TestUser,
  fields: Record<string, string>,
  files: FormFile[] = [],
) {
  const form = multipart(files, 'attachments', fields);
  return server.app.inject({
    method: 'POST',
    url: '/api/rfqs',
    headers: { ...by.auth, 'content-type': form.contentType },
    payload: form.payload,
  });
}

export async function makeRfq(
  server: TestServer,
  by: TestUser,
  vendorIds: string[],
  options: { items?: unknown[]; projectId?: string; files?: FormFile[]; dueDate?: string } = {},
): Promise<RfqDto> {
  const response = await postRfq(
    server,
    by,
    {
      title: `Materials ${randomUUID().slice(0, 6)}`,
      description: 'For the ground floor',
      items: JSON.stringify(options.items ?? TWO_ITEMS),
      vendorIds: JSON.stringify(vendorIds),
      ...(options.projectId ? { projectId: options.projectId } : {}),
      ...(options.dueDate ? { dueDate: options.dueDate } : {}),
    },
    options.files ?? [],
  );
  if (response.statusCode !== 201) throw new Error(`RFQ not created: ${response.body}`);
  return response.json<{ rfq: RfqDto }>().rfq;
}

export function setStatus(
  server: TestServer,
  by: TestUser,
  rfqId: string,
  body: { status: string; notes?: string; vendorId?: string },
) {
  return server.app.inject({
    method: 'PUT',
    url: `/api/rfqs/${rfqId}/status`,
    headers: by.auth,
    payload: body,
  });
}

/** A vendor's quote: `prices` gives each item's unit price in the RFQ's order. */
export function postQuote(
  server: TestServer,
  by: TestUser,
  rfq: { id: string; items: ReadonlyArray<{ id: string }> },
  prices: number[],
  options: { notes?: string; files?: FormFile[] } = {},
) {
  const items = rfq.items.map((item, index) => ({
    itemId: item.id,
    unitPrice: prices[index],
    totalPrice: 1,
    notes: '',
  }));
  const form = multipart(options.files ?? [], 'attachments', {
    items: JSON.stringify(items),
    totalAmount: '1',
    notes: options.notes ?? '',
  });
  return server.app.inject({
    method: 'POST',
    url: `/api/rfqs/${rfq.id}/responses`,
    headers: { ...by.auth, 'content-type': form.contentType },
    payload: form.payload,
  });
}

export interface VendorFixture extends TestUser {
  vendorId: string;
  companyName: string;
}

/** A vendor company with its sign-in account (role vendor), inserted straight in the database. */
export async function insertVendor(
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

/** An RFQ with items, sent to `invited`, in `status`, inserted straight in the database. */
export async function insertRfq(
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

/** The vendor's quote, inserted: one unit price per item, in the RFQ's item order. */
export async function insertQuote(
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
