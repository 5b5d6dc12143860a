import { formatNaira } from '@trowel/shared/money/format.ts';
import {
  NEGOTIATION_ERRORS,
  NEGOTIATION_MESSAGES,
  type NegotiationDto,
} from '@trowel/shared/negotiations/negotiation.schemas.ts';
import { acceptedNegotiationNote } from '@trowel/shared/negotiations/accepted-note.ts';
import type { VendorRfqStatus } from '@trowel/shared/procurement/rfq.labels.ts';
import { negotiationMachine } from '@trowel/shared/workflow/negotiation.machine.ts';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { useAnswerNegotiation } from '../api/answer-negotiation.ts';
import { NegotiationItems } from './negotiation-items.tsx';
import { NegotiationStatusChip } from './negotiation-status-chip.tsx';
import { PriceChange } from './price-change.tsx';

/** What became of the RFQ, for what an accepted negotiation says now. */
interface RfqOutcome {
  rfqStatus: VendorRfqStatus;
  /** The negotiation whose prices the vendor's purchase order carries, if any. */
  orderNegotiationId: string | null;
}

function VendorNegotiation({
  rfqId,
  negotiation,
  outcome,
}: {
  rfqId: string;
  negotiation: NegotiationDto;
  outcome: RfqOutcome;
}) {
  const answer = useAnswerNegotiation(rfqId, negotiation.id);
  const actions = negotiationMachine.actionsFor(negotiation.status, 'vendor');
  const [confirming, setConfirming] = useState(false);

  const accept = () =>
    answer.mutate(
      { action: 'accept' },
      {
        onSuccess: () => {
          setConfirming(false);
          toast.success(NEGOTIATION_MESSAGES.accepted);
        },
        onError: (error) => {
          setConfirming(false);
          toast.error(errorMessage(error, NEGOTIATION_MESSAGES.acceptFailed));
        },
      },
    );
  const reject = () => {
    const reason = window.prompt(NEGOTIATION_MESSAGES.rejectPrompt);
    if (reason === null) return;
    answer.mutate(
      { action: 'reject', reason },
      {
        onSuccess: () => toast.success(NEGOTIATION_MESSAGES.rejected),
        onError: (error) => toast.error(errorMessage(error, NEGOTIATION_MESSAGES.rejectFailed)),
      },
    );
  };

  return (
    <article
      className="space-y-3 rounded-md border border-slate-200 p-3"
      aria-label={`Negotiation #${negotiation.number}`}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0 text-sm">
          <p className="font-medium wrap-anywhere text-slate-900">
            {negotiation.isCounterOffer ? 'Counter negotiation' : 'Negotiation'} #{negotiation.number} from{' '}
            {negotiation.negotiatedBy?.name ?? 'Unknown User'}
          </p>
          <p className="text-slate-600">{formatDate(negotiation.createdAt)}</p>
        </div>
        <NegotiationStatusChip status={negotiation.status} audience="vendor" />
      </header>
      <NegotiationItems items={negotiation.items} />
      <p className="text-sm wrap-anywhere whitespace-pre-line text-slate-700">
        {negotiation.negotiationNotes}
      </p>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Original quote total</dt>
          <dd className="font-medium">{formatNaira(negotiation.originalTotal)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Negotiated total</dt>
          <dd className="font-medium">{formatNaira(negotiation.totalAmount)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Difference</dt>
          <dd>
            <PriceChange original={negotiation.originalTotal} changed={negotiation.totalAmount} />
          </dd>
        </div>
      </dl>
      {negotiation.status === 'vendor_accepted' ? (
        <p className="text-sm text-green-800">
          {acceptedNegotiationNote(outcome.rfqStatus, outcome.orderNegotiationId === negotiation.id)}
        </p>
      ) : null}
      {negotiation.status === 'vendor_rejected' ? (
        <p className="text-sm wrap-anywhere text-red-800">
          {NEGOTIATION_MESSAGES.rejectedNote}
          {negotiation.rejectionReason ? ` Reason: ${negotiation.rejectionReason}` : ''}
        </p>
      ) : null}
      {negotiation.status === 'withdrawn' ? (
        <p className="text-sm text-slate-700">{NEGOTIATION_ERRORS.withdrawn}.</p>
      ) : null}
      {negotiation.status === 'vendor_counter_offered' && negotiation.counterTotalAmount !== null ? (
        <div className="space-y-1 text-sm text-slate-700">
          <p>
            Your counter offer:{' '}
            <span className="font-medium">{formatNaira(negotiation.counterTotalAmount)}</span>
          </p>
          {negotiation.counterNotes ? (
            <p className="whitespace-pre-line wrap-anywhere">Your notes: {negotiation.counterNotes}</p>
          ) : null}
        </div>
      ) : null}
      {actions.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {actions.includes('accept') ? (
            <Button onClick={() => setConfirming(true)} disabled={answer.isPending}>
              Accept Negotiation
            </Button>
          ) : null}
          {actions.includes('counter') ? (
            <Button asChild variant="outline">
              <Link to={`/rfqs/${rfqId}/negotiations/${negotiation.id}/counter`} state={{ negotiation }}>
                Counter Offer
              </Link>
            </Button>
          ) : null}
          {actions.includes('reject') ? (
            <Button variant="destructive" onClick={reject} disabled={answer.isPending}>
              Reject
            </Button>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        tone="primary"
        title={`Accept negotiation #${negotiation.number}?`}
        description={`You agree to supply every item at the negotiated prices: ${formatNaira(negotiation.totalAmount)} in total, against your quote of ${formatNaira(negotiation.originalTotal)}. An accepted negotiation cannot be changed.`}
        confirmLabel={`Accept ${formatNaira(negotiation.totalAmount)}`}
        busyLabel="Accepting..."
        busy={answer.isPending}
        onConfirm={accept}
      />
    </article>
  );
}

/**
 * The vendor's 'Price Negotiations' card on their RFQ (spec 3 §2.5): theirs only, newest first; an
 * accepted one says what became of the RFQ since (`outcome`).
 */
export function PriceNegotiationsCard({
  rfqId,
  negotiations,
  ...outcome
}: {
  rfqId: string;
  negotiations: NegotiationDto[];
} & RfqOutcome) {
  if (negotiations.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Price Negotiations</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {[...negotiations].reverse().map((negotiation) => (
          <VendorNegotiation key={negotiation.id} rfqId={rfqId} negotiation={negotiation} outcome={outcome} />
        ))}
      </CardContent>
    </Card>
  );
}
