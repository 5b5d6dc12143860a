import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BusyButton } from './busy-button.tsx';
import { Button } from './button.tsx';

interface FormActionsProps {
  /** Where Cancel leads (a link), or what it does (a button); no Cancel when neither is given. */
  cancel?: { to: string } | { onClick: () => void; disabled?: boolean };
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}

/** A form's footer: Cancel, then the submit button; stacked with submit on top on a phone. */
export function FormActions({ cancel, busy, busyLabel, children }: FormActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      {cancel && 'to' in cancel ? (
        <Button asChild variant="outline">
          <Link to={cancel.to}>Cancel</Link>
        </Button>
      ) : null}
      {cancel && 'onClick' in cancel ? (
        <Button type="button" variant="outline" onClick={cancel.onClick} disabled={cancel.disabled}>
          Cancel
        </Button>
      ) : null}
      <BusyButton type="submit" busy={busy} busyLabel={busyLabel}>
        {children}
      </BusyButton>
    </div>
  );
}
