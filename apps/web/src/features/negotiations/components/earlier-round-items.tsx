import { useState } from 'react';
import { ToggleButton } from '../../../components/ui/toggle-button.tsx';
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
      <ToggleButton
        variant="outline"
        open={open}
        onToggle={() => setOpen((shown) => !shown)}
        label={`Show ${itemCount} ${itemCount === 1 ? 'item' : 'items'}`}
        openLabel="Hide items"
      />
      {open ? <LoadedItems rfqId={rfqId} negotiationId={negotiationId} /> : null}
    </div>
  );
}
