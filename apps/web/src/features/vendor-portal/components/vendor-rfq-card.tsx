import { formatNaira } from '@trowel/shared/money/format.ts';
import type { VendorRfqSummary } from '@trowel/shared/procurement/rfq.schemas.ts';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { formatDate } from '../../../lib/format-date.ts';

const TONES: Record<string, 'neutral' | 'blue' | 'green' | 'red' | 'amber'> = {
  pending_vendor_response: 'amber',
  vendor_responded: 'blue',
  under_negotiation: 'amber',
  pending_admin_approval: 'blue',
  approved: 'green',
  rejected: 'red',
  not_selected: 'neutral',
  bids_closed: 'neutral',
};

/** An RFQ's vendor-facing status label (an unknown status shows raw). */
export function VendorStatusLabel({ status, label }: { status: string; label: string }) {
  return <Badge tone={TONES[status] ?? 'neutral'}>{label}</Badge>;
}

/** One RFQ in the vendor's list: title, dates, project, items, their own total, creator and status. */
export function VendorRfqCard({
  rfq,
  cardRef,
}: {
  rfq: VendorRfqSummary;
  cardRef?: ((element: Element | null) => void) | undefined;
}) {
  return (
    <Card ref={cardRef} className="flex flex-col gap-2 p-4" data-testid="vendor-rfq-card">
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold wrap-anywhere text-slate-900">{rfq.title}</h3>
        <VendorStatusLabel status={rfq.status} label={rfq.statusLabel} />
      </div>
      <p className="text-xs text-slate-500">
        Received {formatDate(rfq.createdAt)}
        {rfq.project ? ` · ${rfq.project.title}` : ''}
      </p>
      {rfq.description ? (
        <p className="line-clamp-2 text-sm wrap-anywhere text-slate-700">{rfq.description}</p>
      ) : null}
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-slate-500">Items</dt>
          <dd>{rfq.itemCount}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Total Amount</dt>
          <dd className="tabular-nums">{rfq.totalAmount === null ? '—' : formatNaira(rfq.totalAmount)}</dd>
        </div>
      </dl>
      <div className="mt-auto flex items-center justify-between gap-2 pt-1">
        <span className="text-xs text-slate-500">{rfq.createdBy?.name ?? 'Unknown User'}</span>
        <Button asChild size="sm" variant="outline">
          <Link to={`/rfqs/${rfq.id}`}>View Details</Link>
        </Button>
      </div>
    </Card>
  );
}
