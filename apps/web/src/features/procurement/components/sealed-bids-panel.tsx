import { roleLabel, type Role } from '@trowel/shared/auth/roles.ts';
import type { RfqDto } from '@trowel/shared/procurement/rfq.schemas.ts';
import { bidsClosed, lagosTime, OPENING_ROLES } from '@trowel/shared/procurement/sealed-bids.ts';
import { Lock, LockOpen } from 'lucide-react';
import { toast } from 'sonner';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useConfirmBidOpening } from '../api/get-rfq.ts';

/**
 * A sealed RFQ's bids: the deadline (Lagos time), who confirmed the opening, and Open Bids for a QS or
 * an administrator once the deadline has passed; opened, when and by whom.
 */
export function SealedBidsPanel({ rfq, role }: { rfq: RfqDto; role: Role }) {
  const user = useCurrentUser();
  const confirm = useConfirmBidOpening(rfq.id);
  if (!rfq.sealed) return null;
  const closed = bidsClosed(rfq.bidDeadline);
  const confirmed = rfq.openings.some((opening) => opening.by.id === user.id);
  const mayConfirm = OPENING_ROLES.includes(role) && closed && !rfq.openedAt && !confirmed;
  const onConfirm = () =>
    confirm.mutate(undefined, {
      onSuccess: ({ rfq: after }) =>
        toast.success(after.openedAt ? 'Bids opened' : 'Opening confirmed', {
          description: after.openedAt
            ? 'Every bid is open; the comparison is ready.'
            : 'A second person (a quantity surveyor and an administrator together) must confirm.',
        }),
      onError: (error) =>
        toast.error('Could not open the bids', { description: errorMessage(error, 'Please try again.') }),
    });
  return (
    <Card aria-label="Sealed bids">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {rfq.openedAt ? (
            <LockOpen aria-hidden="true" className="size-5" />
          ) : (
            <Lock aria-hidden="true" className="size-5" />
          )}
          Sealed bids
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p>
          {rfq.openedAt
            ? `Opened ${lagosTime(rfq.openedAt)} (Lagos time).`
            : closed
              ? `Bids closed ${lagosTime(rfq.bidDeadline!)} (Lagos time). Prices stay sealed until a quantity surveyor and an administrator both confirm the opening.`
              : `Vendors bid blind until ${lagosTime(rfq.bidDeadline!)} (Lagos time). Nobody sees a price before the bids are opened; you see who has bid and when.`}
        </p>
        {rfq.openings.length > 0 ? (
          <ul aria-label="Opening confirmed by" className="space-y-1">
            {rfq.openings.map((opening) => (
              <li key={opening.by.id}>
                {opening.by.name} ({roleLabel(opening.role)}) confirmed {lagosTime(opening.at)}
              </li>
            ))}
          </ul>
        ) : null}
        {mayConfirm ? (
          <BusyButton busy={confirm.isPending} busyLabel="Opening..." onClick={onConfirm}>
            Open Bids
          </BusyButton>
        ) : null}
      </CardContent>
    </Card>
  );
}
