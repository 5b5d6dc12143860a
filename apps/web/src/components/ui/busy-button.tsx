import { Button, type ButtonProps } from './button.tsx';
import { Spinner } from './spinner.tsx';

interface BusyButtonProps extends Omit<ButtonProps, 'disabled' | 'variant' | 'asChild'> {
  /** While true the button is disabled and shows a spinner and `busyLabel` instead of its label. */
  busy: boolean;
  busyLabel: string;
}

/** A primary button for an action that takes a while, e.g. a form's submit. */
export function BusyButton({ busy, busyLabel, children, ...props }: BusyButtonProps) {
  return (
    <Button disabled={busy} {...props}>
      {busy ? <Spinner className="text-white" /> : null}
      {busy ? busyLabel : children}
    </Button>
  );
}
