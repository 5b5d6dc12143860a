import type { UploadState } from '../../hooks/use-idempotent-upload.ts';
import { Alert } from './alert.tsx';
import { BusyButton } from './busy-button.tsx';
import { Button } from './button.tsx';
import { RetryAlert } from './retry-alert.tsx';
import { UploadProgress } from './upload-progress.tsx';

interface UploadFormFooterProps {
  /** The title of the box listing what the form refused. */
  problemsTitle: string;
  problems: readonly string[];
  state: UploadState;
  /** Progress shows only when files go with the form. */
  hasFiles: boolean;
  onRetry: () => void;
  onCancel: () => void;
  submitLabel: string;
}

/** The foot of a form sent with files: what is wrong with it, upload progress, Retry, Cancel and Save. */
export function UploadFormFooter(props: UploadFormFooterProps) {
  const { problemsTitle, problems, state, hasFiles, onRetry, onCancel, submitLabel } = props;
  const busy = state.status === 'preparing' || state.status === 'sending';
  return (
    <>
      {problems.length > 0 ? (
        <Alert title={problemsTitle}>
          <ul className="list-inside list-disc">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {state.status === 'sending' && hasFiles ? <UploadProgress fraction={state.progress} /> : null}
      {state.status === 'interrupted' ? <RetryAlert onRetry={onRetry} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <BusyButton
          type="submit"
          busy={busy}
          busyLabel={state.status === 'preparing' ? 'Preparing...' : 'Saving...'}
        >
          {submitLabel}
        </BusyButton>
      </div>
    </>
  );
}
