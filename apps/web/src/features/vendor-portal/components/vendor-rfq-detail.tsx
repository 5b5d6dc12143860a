import { bidsClosed, SEALED_BID_MESSAGES, shownBidTotal } from '@trowel/shared/procurement/sealed-bids.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { formatNaira, formatQuantity } from '@trowel/shared/money/format.ts';
import type { VendorRfqDto } from '@trowel/shared/procurement/rfq.schemas.ts';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { FileLinks } from '../../../components/ui/file-links.tsx';
import { QuoteForm } from './quote-form.tsx';
import { RfqOutcomeNotice } from './rfq-outcome-notice.tsx';
import { VendorStatusLabel } from './vendor-rfq-card.tsx';

/** Time before the quote area is scrolled to, once the form has rendered (spec 3 §9). */
export const SCROLL_TO_QUOTE_MS = 100;

/** The vendor's RFQ: details, items, their own quote, and the form to submit or update it. */
export function VendorRfqDetail({ rfq, vendorId }: { rfq: VendorRfqDto; vendorId: string }) {
  const [editing, setEditing] = useState(false);
  const itemsCard = useRef<HTMLDivElement>(null);
  const response = rfq.response;

  function startQuote() {
    setEditing(true);
    window.setTimeout(
      () => itemsCard.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
      SCROLL_TO_QUOTE_MS,
    );
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold wrap-anywhere text-slate-900">{rfq.title}</h1>
        <p className="text-sm text-slate-600">
          {formatDateTime(rfq.createdAt)}
          {rfq.createdBy ? ` · ${rfq.createdBy.name}` : ''}
        </p>
      </div>
      <RfqOutcomeNotice rfq={rfq} />
      {rfq.sealed && !rfq.openedAt ? (
        bidsClosed(rfq.bidDeadline) ? (
          <Alert tone="info" title="Bids closed">
            {SEALED_BID_MESSAGES.vendorClosed(rfq.bidDeadline!, Boolean(response))}
          </Alert>
        ) : (
          <Alert tone="info" title="Sealed bid">
            {SEALED_BID_MESSAGES.vendorBidding(rfq.bidDeadline!)}
          </Alert>
        )
      ) : null}
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>Details</CardTitle>
          <VendorStatusLabel status={rfq.status} label={rfq.statusLabel} />
        </CardHeader>
        <CardContent className="space-y-3 text-sm">
          <p className="whitespace-pre-line wrap-anywhere">{rfq.description || 'No description.'}</p>
          <dl className="grid grid-cols-2 gap-3">
            <div>
              <dt className="text-xs text-slate-500">Project</dt>
              <dd>{rfq.project?.title ?? 'None'}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Items</dt>
              <dd>{rfq.items.length}</dd>
            </div>
            {response ? (
              <div>
                <dt className="text-xs text-slate-500">Your Quote</dt>
                <dd className="font-semibold tabular-nums">{shownBidTotal(response.totalAmount)}</dd>
              </div>
            ) : null}
          </dl>
          <FileLinks files={rfq.attachments} />
          {rfq.canQuote && !editing ? (
            <Button onClick={startQuote}>{response ? 'Update Quote' : 'Submit Quote'}</Button>
          ) : null}
        </CardContent>
      </Card>
      <Card ref={itemsCard} className="scroll-mt-20">
        <CardHeader>
          <CardTitle>Items & Quotation</CardTitle>
        </CardHeader>
        <CardContent>
          {editing && rfq.canQuote ? (
            <QuoteForm rfq={rfq} vendorId={vendorId} onDone={() => setEditing(false)} />
          ) : (
            <div className="space-y-3">
              <ul className="divide-y divide-slate-100">
                {rfq.items.map((item) => {
                  const line = response?.items.find((quoted) => quoted.itemId === item.id);
                  return (
                    <li key={item.id} className="space-y-1 py-2 text-sm">
                      <p className="font-medium wrap-anywhere">
                        {item.name}{' '}
                        <span className="font-normal text-slate-500">
                          ({formatQuantity(item.quantity)} {item.unit})
                        </span>
                      </p>
                      {item.description ? <p className="text-slate-500">{item.description}</p> : null}
                      {line ? (
                        <p className="tabular-nums">
                          {formatNaira(line.unitPrice)} each · {formatNaira(line.totalPrice)}
                          {line.notes ? <span className="block text-slate-600">{line.notes}</span> : null}
                        </p>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
              {response ? (
                <>
                  {response.notes ? <p className="text-sm whitespace-pre-line">{response.notes}</p> : null}
                  <FileLinks files={response.attachments} />
                  <p className="text-right text-lg font-semibold">
                    Total Amount: <span className="tabular-nums">{shownBidTotal(response.totalAmount)}</span>
                  </p>
                </>
              ) : null}
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
