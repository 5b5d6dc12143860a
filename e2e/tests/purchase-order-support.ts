import { expect, type APIRequestContext } from '@playwright/test';
import { authOf, DEMO_ACCOUNTS } from './support.ts';

type Auth = Awaited<ReturnType<typeof authOf>>;

export interface IssuedOrder {
  id: string;
  poNumber: string;
  items: Array<{ itemId: string; name: string }>;
}

/**
 * A purchase order issued through the API as the office would: the QS asks the demo vendor for
 * `items` (for a project when named), the vendor quotes `prices`, the QS recommends and the
 * administrator approves.
 */
export async function issuedPurchaseOrder(
  request: APIRequestContext,
  items: Array<{ name: string; quantity: number; unit: string }>,
  prices: number[],
  projectId?: string,
): Promise<IssuedOrder> {
  const [qs, admin, vendor] = await Promise.all([
    authOf(request, DEMO_ACCOUNTS.quantity_surveyor),
    authOf(request, DEMO_ACCOUNTS.admin),
    authOf(request, DEMO_ACCOUNTS.vendor),
  ]);
  const found = await request.get('/api/vendors', {
    headers: qs,
    params: { search: DEMO_ACCOUNTS.vendor, limit: 5 },
  });
  const vendorId = ((await found.json()) as { vendors: Array<{ id: string; email: string }> }).vendors.find(
    (candidate) => candidate.email === DEMO_ACCOUNTS.vendor,
  )!.id;
  const created = await request.post('/api/rfqs', {
    headers: qs,
    multipart: {
      title: `Site materials ${Date.now().toString(36)}`,
      description: 'Delivered to site',
      items: JSON.stringify(items),
      vendorIds: JSON.stringify([vendorId]),
      ...(projectId ? { projectId } : {}),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { rfq } = (await created.json()) as { rfq: { id: string; items: Array<{ id: string }> } };
  const step = async (auth: Auth, status: string, extra: object = {}) => {
    const answer = await request.put(`/api/rfqs/${rfq.id}/status`, {
      headers: auth,
      data: { status, notes: 'ok', ...extra },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  };
  await step(qs, 'pending_vendor_response');
  const quoted = await request.post(`/api/rfqs/${rfq.id}/responses`, {
    headers: vendor,
    data: {
      items: JSON.stringify(rfq.items.map((item, index) => ({ itemId: item.id, unitPrice: prices[index] }))),
      notes: 'Delivery in 3 days',
    },
  });
  expect(quoted.status(), await quoted.text()).toBe(201);
  await step(qs, 'pending_admin_approval', { vendorId });
  await step(admin, 'approved', { vendorId });
  const approved = await request.get(`/api/rfqs/${rfq.id}`, { headers: admin });
  const orderId = ((await approved.json()) as { rfq: { purchaseOrder: { id: string } } }).rfq.purchaseOrder
    .id;
  const order = await request.get(`/api/purchase-orders/${orderId}`, { headers: admin });
  const { purchaseOrder } = (await order.json()) as {
    purchaseOrder: { poNumber: string; items: Array<{ itemId: string; name: string }> };
  };
  return { id: orderId, poNumber: purchaseOrder.poNumber, items: purchaseOrder.items };
}
