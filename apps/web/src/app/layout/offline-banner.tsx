import { OUTBOX_MESSAGES } from '@trowel/shared/offline/outbox-messages.ts';
import { WifiOff } from 'lucide-react';
import { useOnline } from '../../lib/outbox/use-outbox.ts';

/** A strip under the header while the phone has no network; every screen stays usable. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" className="border-b border-amber-200 bg-amber-50 text-sm text-amber-900">
      <p className="mx-auto flex max-w-7xl items-start gap-2 px-4 py-2 sm:px-6">
        <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{OUTBOX_MESSAGES.offline}</span>
      </p>
    </div>
  );
}
