import { can } from '@trowel/shared/auth/policy.ts';
import type { Role } from '@trowel/shared/auth/roles.ts';
import type { PurchaseOrderDto } from '@trowel/shared/purchase-orders/purchase-order.schemas.ts';
import { ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { RecordInvoiceForm } from './record-invoice-form.tsx';

const INVOICEABLE: ReadonlyArray<PurchaseOrderDto['status']> = ['issued', 'partially_received', 'received'];

/** On a purchase order, for the accounts: record the vendor's invoice against it. */
export function RecordInvoicePanel({ order, role }: { order: PurchaseOrderDto; role: Role }) {
  const [open, setOpen] = useState(false);
  if (!can({ role }, 'invoices:manage') || !INVOICEABLE.includes(order.status)) return null;
  return (
    <Card className="print:hidden">
      <CardHeader>
        <CardTitle>Vendor Invoice</CardTitle>
      </CardHeader>
      <CardContent>
        {open ? (
          <RecordInvoiceForm order={order} onDone={() => setOpen(false)} />
        ) : (
          <Button onClick={() => setOpen(true)}>
            <ReceiptText aria-hidden="true" /> Record Invoice
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
