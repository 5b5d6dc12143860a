import { RefreshCw } from 'lucide-react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

interface RetryAlertProps {
  onRetry: () => void;
  busy?: boolean;
}

/** After a dropped connection: the submission may not have arrived, and Retry sends it again safely. */
export function RetryAlert({ onRetry, busy }: RetryAlertProps) {
  return (
    <Alert title="Connection lost" tone="warning">
      <p>We could not confirm it was sent. Retry sends it again without creating a duplicate.</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={onRetry} disabled={busy}>
        <RefreshCw aria-hidden="true" />
        Retry
      </Button>
    </Alert>
  );
}
