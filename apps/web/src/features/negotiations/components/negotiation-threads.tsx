import { pricesVisible, shownBidTotal } from '@trowel/shared/procurement/sealed-bids.ts';
import { formatNaira } from '@trowel/shared/money/format.ts';
import {
  NEGOTIATION_MESSAGES,
  type ListedNegotiationDto,
} from '@trowel/shared/negotiations/negotiation.schemas.ts';
import { rfqMachine } from '@trowel/shared/procurement/rfq.machine.ts';
import type { RfqDto } from '@trowel/shared/procurement/rfq.schemas.ts';
import type { Role } from '@trowel/shared/auth/roles.ts';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../components/ui/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { useApproveFinalTerms } from '../api/approve-final-terms.ts';
import { EarlierRoundItems } from './earlier-round-items.tsx';
import { NegotiationItems } from './negotiation-items.tsx';
import { NegotiationStatusChip } from './negotiation-status-chip.tsx';
import type { NegotiationPassedState } from './negotiation-subject.ts';

type Response = RfqDto['responses'][number];

function Round({ rfqId, negotiation }: { rfqId: string; negotiation: ListedNegotiationDto }) {
  return (
    <li className="space-y-2 rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="font-medium wrap-anywhere text-slate-900">
          {negotiation.isCounterOffer ? 'Counter negotiation' : 'Offer'} #{negotiation.number} by{' '}
          {negotiation.negotiatedBy?.name ?? 'Unknown User'} · {formatDate(negotiation.createdAt)}
        </p>
        <NegotiationStatusChip status={negotiation.status} audience="staff" />
      </div>
      {negotiation.items ? (
        <NegotiationItems items={negotiation.items} />
      ) : (
        <EarlierRoundItems rfqId={rfqId} negotiationId={negotiation.id} itemCount={negotiation.itemCount} />
      )}
      <p className="text-sm wrap-anywhere whitespace-pre-line text-slate-700">
        {negotiation.negotiationNotes}
      </p>
      <p className="text-sm">
        Offered <span className="font-medium">{formatNaira(negotiation.totalAmount)}</span> against the
        quote's {formatNaira(negotiation.originalTotal)}
      </p>
      {negotiation.status === 'vendor_counter_offered' && negotiation.counterTotalAmount !== null ? (
        <p className="text-sm text-blue-900">
          Vendor countered with{' '}
          <span className="font-medium">{formatNaira(negotiation.counterTotalAmount)}</span>
          {negotiation.counterNotes ? `: ${negotiation.counterNotes}` : ''}
        </p>
      ) : null}
      {negotiation.status === 'vendor_rejected' ? (
        <p className="text-sm wrap-anywhere text-red-800">
          Vendor rejected{negotiation.rejectionReason ? `: ${negotiation.rejectionReason}` : ''}
        </p>
      ) : null}
      {negotiation.status === 'vendor_accepted' ? (
        <p className="text-sm text-green-800">Vendor accepted</p>
      ) : null}
    </li>
  );
}

function VendorThread({ rfq, response, role }: { rfq: RfqDto; response: Response; role: Role }) {
  const approve = useApproveFinalTerms(rfq.id);
  const [confirming, setConfirming] = useState(false);
  const rounds = rfq.negotiations.filter((negotiation) => negotiation.vendorId === response.vendorId);
  const latest = rounds.at(-1);
  const actions = rfqMachine.actionsFor(rfq.status, role);
  const mayNegotiate =
    actions.includes('negotiate') && pricesVisible(rfq) && latest?.status !== 'pending_vendor_response';
  const base: NegotiationPassedState = {
    rfqData: rfq,
    vendorData: response.vendor,
    vendorResponse: response,
  };
  const negotiatePath = `/procurement/rfqs/${rfq.id}/negotiate/${response.vendorId}`;
  const approveTerms = (negotiationId: string) =>
    approve.mutate(negotiationId, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(NEGOTIATION_MESSAGES.finalTermsApproved);
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(errorMessage(error, 'Failed to update RFQ status.'));
      },
    });

  return (
    <section className="space-y-3" aria-label={`Negotiations with ${response.vendor.name}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold wrap-anywhere text-slate-900">{response.vendor.name}</h3>
        <div className="flex flex-wrap gap-2">
          {mayNegotiate && latest?.status === 'vendor_counter_offered' ? (
            <Button asChild size="sm">
              <Link
                to={negotiatePath}
                state={{
                  ...base,
                  isCounterOffer: true,
                  originalNegotiationId: latest.id,
                  negotiationData: latest,
                }}
              >
                Counter Negotiate
              </Link>
            </Button>
          ) : null}
          {mayNegotiate && latest?.status !== 'vendor_counter_offered' ? (
            <Button asChild size="sm" variant="outline">
              <Link to={negotiatePath} state={base}>
                Negotiate
              </Link>
            </Button>
          ) : null}
          {latest?.status === 'vendor_accepted' && actions.includes('approve_final_terms') ? (
            <>
              <Button size="sm" onClick={() => setConfirming(true)} disabled={approve.isPending}>
                Approve Final Terms
              </Button>
              <ConfirmDialog
                open={confirming}
                onOpenChange={setConfirming}
                tone="primary"
                title="Approve final terms?"
                description={`${response.vendor.name} accepted negotiation #${latest.number}: ${formatNaira(latest.totalAmount)} in total, against their quote of ${formatNaira(latest.originalTotal)}. The RFQ goes to the administrator for approval at this amount, and any other offer still open is withdrawn.`}
                confirmLabel={`Approve ${formatNaira(latest.totalAmount)}`}
                busyLabel="Approving..."
                busy={approve.isPending}
                onConfirm={() => approveTerms(latest.id)}
              />
            </>
          ) : null}
        </div>
      </div>
      {rounds.length > 0 ? (
        <ol className="space-y-2">
          {rounds.map((negotiation) => (
            <Round key={negotiation.id} rfqId={rfq.id} negotiation={negotiation} />
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-600">
          {response.totalAmount === null
            ? 'A sealed bid, its amount hidden until the bids are opened; no negotiation yet.'
            : `Quoted ${shownBidTotal(response.totalAmount)}; no negotiation yet.`}
        </p>
      )}
    </section>
  );
}

/** The staff's negotiations on an RFQ: one thread per vendor who quoted, with the steps they may take now. */
export function NegotiationThreads({ rfq, role }: { rfq: RfqDto; role: Role }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Negotiations</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        {rfq.responses.length === 0 ? (
          <EmptyState
            title="No quotes yet"
            description="Vendors can be negotiated with once they have quoted."
          />
        ) : (
          rfq.responses.map((response) => (
            <VendorThread key={response.vendorId} rfq={rfq} response={response} role={role} />
          ))
        )}
      </CardContent>
    </Card>
  );
}
