import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { useNegotiation } from '../api/get-negotiation.ts';
import { NegotiationItems } from './negotiation-items.tsx';

function LoadedItems({ rfqId, negotiationId }: { rfqId: string; negotiationId: string }) {
  const query = useNegotiation(rfqId, negotiationId);
  if (query.isPending) return <LoadingState label="Loading items..." />;
  if (query.isError) return <QueryErrorState title="Failed to load the items" query={query} />;
  return <NegotiationItems items={query.data.items} />;
}

/**
 * The items of an earlier round, which the RFQ answer leaves out: loaded when the reader asks for
 * them, with a retry when that fails.
 */
export function EarlierRoundItems({
  rfqId,
  negotiationId,
  itemCount,
}: {
  rfqId: string;
  negotiationId: string;
  itemCount: number;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-2">
      <Button variant="outline" size="sm" aria-expanded={open} onClick={() => setOpen((shown) => !shown)}>
        {open ? 'Hide items' : `Show ${itemCount} ${itemCount === 1 ? 'item' : 'items'}`}
      </Button>
      {open ? <LoadedItems rfqId={rfqId} negotiationId={negotiationId} /> : null}
    </div>
  );
}
