import { formatQuantity } from '@trowel/shared/money/format.ts';
import { pricesVisible, shownBidTotal } from '@trowel/shared/procurement/sealed-bids.ts';
import type { ReactNode } from 'react';
import type { Role } from '@trowel/shared/auth/roles.ts';
import { rfqNumberLabel } from '@trowel/shared/procurement/rfq.labels.ts';
import type { RfqDto } from '@trowel/shared/procurement/rfq.schemas.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatDate, formatDateTime } from '../../../lib/format-date.ts';
import { FileLinks } from '../../../components/ui/file-links.tsx';
import { QuoteComparison } from './quote-comparison.tsx';
import { RfqHistory } from './rfq-history.tsx';
import { RfqActions } from './rfq-actions.tsx';
import { SealedBidsPanel } from './sealed-bids-panel.tsx';
import { RfqStatusBadge } from './rfq-status-badge.tsx';
import { VendorStatusBadge } from './vendor-status-badge.tsx';

/** The staff's RFQ: details, items, vendors, quotes and their comparison, files, history and actions. */
export function RfqDetail({
  rfq,
  role,
  vendorExtra,
}: {
  rfq: RfqDto;
  role: Role;
  /** What the route adds under a vendor (where their WhatsApp invitation stands). */
  vendorExtra?: (vendorId: string) => ReactNode;
}) {
  const nameOf = (vendorId: string | null) => rfq.vendors.find((v) => v.vendorId === vendorId)?.vendor.name;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-500">{rfqNumberLabel(rfq.number)}</p>
          <h1 className="text-2xl font-bold wrap-anywhere text-slate-900">{rfq.title}</h1>
          <p className="text-sm text-slate-600">
            Created {formatDateTime(rfq.createdAt)}
            {rfq.createdBy ? ` by ${rfq.createdBy.name}` : ''}
          </p>
        </div>
        <RfqStatusBadge status={rfq.status} />
      </div>

      <RfqActions rfq={rfq} role={role} />
      <SealedBidsPanel rfq={rfq} role={role} />

      <Card>
        <CardHeader>
          <CardTitle>Details</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm sm:grid-cols-2">
          <p className="whitespace-pre-line wrap-anywhere sm:col-span-2">
            {rfq.description || 'No description.'}
          </p>
          <p>
            <span className="text-slate-500">Project: </span>
            {rfq.project?.title ?? 'None'}
          </p>
          <p>
            <span className="text-slate-500">Quotes due: </span>
            {rfq.dueDate ? formatDate(rfq.dueDate) : 'No date'}
          </p>
          <p>
            <span className="text-slate-500">Cost category: </span>
            {rfq.costCategory}
          </p>
          {rfq.recommendedVendorId ? (
            <p>
              <span className="text-slate-500">Recommended: </span>
              {nameOf(rfq.recommendedVendorId)}
            </p>
          ) : null}
          {rfq.selectedVendorId ? (
            <p>
              <span className="text-slate-500">Selected: </span>
              {nameOf(rfq.selectedVendorId)}
            </p>
          ) : null}
          <div className="sm:col-span-2">
            <p className="mb-1 text-slate-500">Attachments</p>
            <FileLinks files={rfq.attachments} />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Items</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-slate-100">
            {rfq.items.map((item) => (
              <li key={item.id} className="flex justify-between gap-3 py-2 text-sm">
                <span className="min-w-0 wrap-anywhere">
                  <span className="font-medium">{item.name}</span>
                  {item.description ? <span className="block text-slate-500">{item.description}</span> : null}
                </span>
                <span className="shrink-0 tabular-nums">
                  {formatQuantity(item.quantity)} {item.unit}
                </span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Vendors</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-slate-100">
            {rfq.vendors.map(({ vendor, hasResponded }) => (
              <li key={vendor.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span className="min-w-0 wrap-anywhere">
                  <span className="font-medium">{vendor.name}</span>
                  <span className="block text-slate-500">
                    {vendor.contactPerson} · {vendor.email} · {vendor.phone}
                  </span>
                  {vendorExtra?.(vendor.id)}
                </span>
                <span className="flex gap-2">
                  <VendorStatusBadge status={vendor.status} />
                  <Badge tone={hasResponded ? 'green' : 'neutral'}>
                    {hasResponded ? 'Quoted' : 'Awaiting quote'}
                  </Badge>
                </span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      {pricesVisible(rfq) ? (
        <QuoteComparison rfqId={rfq.id} number={rfq.number} quotes={rfq.responses.length} />
      ) : null}

      {rfq.responses.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>Responses</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            {rfq.responses.map((response) => (
              <section
                key={response.id}
                aria-label={`Response of ${response.vendor.name}`}
                className="space-y-2 border-b border-slate-100 pb-3"
              >
                <div className="flex flex-wrap justify-between gap-2">
                  <h3 className="font-semibold">{response.vendor.name}</h3>
                  <span className="font-semibold tabular-nums">{shownBidTotal(response.totalAmount)}</span>
                </div>
                <p className="text-xs text-slate-500">
                  Submitted {formatDateTime(response.submittedAt)}
                  {response.isLate ? ' · late' : ''}
                </p>
                {response.notes ? (
                  <p className="text-sm whitespace-pre-line wrap-anywhere">{response.notes}</p>
                ) : null}
                {response.attachments.length > 0 ? <FileLinks files={response.attachments} /> : null}
              </section>
            ))}
          </CardContent>
        </Card>
      ) : null}

      <RfqHistory history={rfq.history} />
    </div>
  );
}
