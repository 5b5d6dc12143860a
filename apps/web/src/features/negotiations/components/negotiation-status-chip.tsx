import {
  negotiationStatusLabel,
  type NegotiationAudience,
} from '@trowel/shared/workflow/negotiation.machine.ts';
import { Badge } from '../../../components/ui/badge.tsx';

const TONES = {
  pending_vendor_response: 'amber',
  vendor_accepted: 'green',
  vendor_rejected: 'red',
  vendor_counter_offered: 'blue',
  withdrawn: 'neutral',
} as const;

/**
 * A negotiation's status as its reader is told it: the vendor as spec 3 §4.2 labels it ('Pending Your
 * Response'), procurement staff in their own words ('Awaiting Vendor'); an unknown status shows raw.
 */
export function NegotiationStatusChip({
  status,
  audience,
}: {
  status: string;
  audience: NegotiationAudience;
}) {
  const tone = (TONES as Record<string, 'amber' | 'green' | 'red' | 'blue' | 'neutral'>)[status] ?? 'neutral';
  return <Badge tone={tone}>{negotiationStatusLabel(status, audience)}</Badge>;
}
