import { NEGOTIATION_MESSAGES } from '@trowel/shared/negotiations/negotiation.schemas.ts';
import { useLocation, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../../components/ui/back-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, LoadingState } from '../../../components/ui/states.tsx';
import { useRfqForNegotiation } from '../../../features/negotiations/api/get-staff-rfq.ts';
import { NegotiationForm } from '../../../features/negotiations/components/negotiation-form.tsx';
import {
  subjectFrom,
  type NegotiationPassedState,
} from '../../../features/negotiations/components/negotiation-subject.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useEffect } from 'react';
import { toast } from 'sonner';

/** /procurement/rfqs/:rfqId/negotiate/:vendorId: a negotiation or, with isCounterOffer, a counter negotiation. */
export function NegotiateRoute() {
  const { rfqId = '', vendorId = '' } = useParams();
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as NegotiationPassedState;
  const passed = state.rfqData?.id === rfqId ? state.rfqData : undefined;
  const query = useRfqForNegotiation(rfqId, !passed);
  const rfq = passed ?? query.data;
  useDocumentTitle(state.isCounterOffer ? 'Counter Negotiate with Vendor' : 'Negotiate with Vendor');

  useEffect(() => {
    if (!query.isError) return;
    toast.error(NEGOTIATION_MESSAGES.loadFailed);
    void navigate(-1);
  }, [query.isError, navigate]);

  const title = state.isCounterOffer ? 'Counter Negotiate with Vendor' : 'Negotiate with Vendor';
  if (!rfq) {
    return (
      <>
        <h1 className="sr-only">{title}</h1>
        <LoadingState label={NEGOTIATION_MESSAGES.loading} />
      </>
    );
  }
  const subject = subjectFrom(rfq, vendorId, state);
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <BackLink to={`/procurement/rfqs/${rfqId}`}>Back to RFQ</BackLink>
      {subject ? (
        <NegotiationForm key={`${vendorId}:${subject.counterTo?.id ?? ''}`} subject={subject} />
      ) : (
        <>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          <EmptyState
            title={NEGOTIATION_MESSAGES.dataNotFound}
            description={NEGOTIATION_MESSAGES.vendorResponseUnavailable}
            action={
              <Button variant="outline" onClick={() => void navigate(-1)}>
                Go Back
              </Button>
            }
          />
        </>
      )}
    </div>
  );
}
