import { INVENTORY_ACTION_LABELS } from '@trowel/shared/inventory/inventory-request.machine.ts';
import { StatusHistory } from '../../../components/ui/status-history.tsx';
import { LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { useInventoryRequest } from '../api/get-inventory-request.ts';

const LABELS: Record<string, string> = {
  create: 'Requested',
  ...INVENTORY_ACTION_LABELS,
  release: 'Released',
  lead_escalate: 'Escalated to admin by the lead',
  store_escalate: 'Escalated to admin by the store',
};

/** The steps one inventory request went through. */
export function InventoryRequestHistory({ id }: { id: string }) {
  const detail = useInventoryRequest(id, true);
  if (detail.isPending) return <LoadingState label="Loading history..." className="py-4" />;
  if (detail.isError) return <QueryErrorState title="Failed to load the history" query={detail} />;
  return <StatusHistory history={detail.data.history} labels={LABELS} />;
}
