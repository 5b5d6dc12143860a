import { OUTBOX_MESSAGES } from '@trowel/shared/offline/outbox-messages.ts';
import { CloudOff } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';

/** Marks a log or reply kept on this phone that the server does not have yet. */
export function NotSentBadge() {
  return (
    <Badge tone="amber">
      <CloudOff aria-hidden="true" className="mr-1 size-3" />
      {OUTBOX_MESSAGES.notSentYet}
    </Badge>
  );
}
