import {
  NEGOTIATION_MESSAGES,
  type NegotiationDto,
} from '@trowel/shared/negotiations/negotiation.schemas.ts';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { BackLink } from '../../../components/ui/back-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, LoadingState } from '../../../components/ui/states.tsx';
import { useNegotiation } from '../../../features/negotiations/api/get-negotiation.ts';
import { CounterOfferForm } from '../../../features/negotiations/components/counter-offer-form.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';

/** /rfqs/:rfqId/negotiations/:negotiationId/counter (vendor): from passed state, else loaded by its ids. */
export function CounterOfferRoute() {
  const { rfqId = '', negotiationId = '' } = useParams();
  const navigate = useNavigate();
  const passed = (useLocation().state as { negotiation?: NegotiationDto } | null)?.negotiation;
  const query = useNegotiation(rfqId, negotiationId, passed);
  useDocumentTitle('Submit Counter Offer');

  useEffect(() => {
    if (!query.isError) return;
    toast.error(NEGOTIATION_MESSAGES.loadFailed);
  }, [query.isError]);

  if (query.isPending) {
    return (
      <>
        <h1 className="sr-only">Submit Counter Offer</h1>
        <LoadingState label={NEGOTIATION_MESSAGES.loading} />
      </>
    );
  }
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <BackLink to={`/rfqs/${rfqId}`}>Back to RFQ</BackLink>
      {query.data && query.data.rfqId === rfqId ? (
        <CounterOfferForm rfqId={rfqId} negotiation={query.data} />
      ) : (
        <>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Submit Counter Offer</h1>
          <EmptyState
            title={NEGOTIATION_MESSAGES.dataNotFound}
            description={NEGOTIATION_MESSAGES.negotiationUnavailable}
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
