import { OUTBOX_MESSAGES } from '@trowel/shared/offline/outbox-messages.ts';
import { useOnline } from '../../lib/outbox/use-outbox.ts';
import { Inbox, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';

export function LoadingState({ label, className }: { label: string; className?: string }) {
  // Offline, a load that did not answer from what the phone kept waits for the network: say so.
  const online = useOnline();
  return (
    <div
      role="status"
      className={cn(
        'flex flex-wrap items-center justify-center gap-3 py-12 text-center text-slate-600',
        className,
      )}
    >
      <Spinner />
      <span>{label}</span>
      {online ? null : <span className="basis-full text-sm">{OUTBOX_MESSAGES.notKept}</span>}
    </div>
  );
}

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-12 text-center">
      <Inbox aria-hidden="true" className="size-8 text-slate-400" />
      <p className="font-medium text-slate-900">{title}</p>
      {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}

interface ErrorStateProps {
  title: string;
  message?: string | undefined;
  onRetry?: () => void;
  retryLabel?: string;
  retrying?: boolean;
}

export function ErrorState({ title, message, onRetry, retryLabel = 'Try Again', retrying }: ErrorStateProps) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-10 text-center"
    >
      <TriangleAlert aria-hidden="true" className="size-8 text-red-600" />
      <p className="font-semibold text-red-900">{title}</p>
      {message ? <p className="text-sm wrap-anywhere text-red-800">{message}</p> : null}
      {onRetry ? (
        <Button variant="outline" className="mt-2" onClick={onRetry} disabled={retrying}>
          {retryLabel}
        </Button>
      ) : null}
    </div>
  );
}

interface QueryErrorStateProps {
  title: string;
  /** The failed query: its error is shown under the title, and Try Again fetches it again. */
  query: { error: unknown; refetch: () => unknown; isFetching: boolean };
}

/** ErrorState for a query that failed to load. */
export function QueryErrorState({ title, query }: QueryErrorStateProps) {
  return (
    <ErrorState
      title={title}
      message={errorMessage(query.error, '')}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}
