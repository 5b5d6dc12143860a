import {
  materialRequestBadge,
  type MaterialRequestStatus,
  type MaterialStoreStatus,
} from '@trowel/shared/material-requests/material-request.machine.ts';
import { Badge } from '../../../components/ui/badge.tsx';

const TONE = {
  pending_lead_approval: 'amber',
  approved_by_lead: 'blue',
  rejected_by_lead: 'red',
  needs_review_by_engineer: 'amber',
  delivered: 'green',
  partially_delivered: 'amber',
  unavailable: 'red',
} as const satisfies Record<MaterialRequestStatus | MaterialStoreStatus, string>;

/** The request's status, or its store status once the store keeper answered. */
export function MaterialRequestStatusBadge(props: {
  status: MaterialRequestStatus;
  storeStatus: MaterialStoreStatus | null;
}) {
  const badge = materialRequestBadge(props);
  return <Badge tone={TONE[badge.value]}>{badge.label}</Badge>;
}
