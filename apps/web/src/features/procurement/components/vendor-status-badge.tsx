import { VENDOR_STATUS_LABELS, type VendorStatus } from '@trowel/shared/procurement/vendor.constants.ts';
import { Badge } from '../../../components/ui/badge.tsx';

const TONES = { active: 'green', inactive: 'neutral', suspended: 'red' } as const;

export function VendorStatusBadge({ status }: { status: VendorStatus }) {
  return <Badge tone={TONES[status]}>{VENDOR_STATUS_LABELS[status]}</Badge>;
}
