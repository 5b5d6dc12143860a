import { rfqStatusLabel } from '@trowel/shared/procurement/rfq.labels.ts';
import { Badge } from '../../../components/ui/badge.tsx';

const TONES: Record<string, 'neutral' | 'blue' | 'green' | 'red' | 'amber'> = {
  pending_qs_review: 'amber',
  pending_vendor_response: 'blue',
  vendor_responded: 'blue',
  under_negotiation: 'amber',
  pending_admin_approval: 'amber',
  approved: 'green',
  rejected: 'red',
  cancelled: 'neutral',
};

/** An RFQ's status as the staff read it; an unknown status is shown raw. */
export function RfqStatusBadge({ status }: { status: string }) {
  return <Badge tone={TONES[status] ?? 'neutral'}>{rfqStatusLabel(status)}</Badge>;
}
