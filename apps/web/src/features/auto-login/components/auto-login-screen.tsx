import { AUTO_LOGIN_MESSAGES } from '@trowel/shared/auto-login/auto-login.schemas.ts';
import { CircleCheck, Clock, KeyRound, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { safeRedirect } from '../../../lib/safe-redirect.ts';
import { useValidateAutoLogin } from '../api/validate-auto-login.ts';

/**
 * The screen's states (spec 3 §2.6): expired and invalid links share one screen ('Link Expired'); a
 * link already used says so on the same screen under its own title.
 */
export type AutoLoginState =
  | { kind: 'processing' }
  | { kind: 'success' }
  | { kind: 'expired'; title: string; message: string }
  | { kind: 'error'; message: string };

/** What a failed validation shows: a refused link has only Manual Login, anything else may be tried again. */
export function failureState(error: unknown): AutoLoginState {
  if (!isApiError(error)) return { kind: 'error', message: AUTO_LOGIN_MESSAGES.network };
  if (error.code === 'USED_TOKEN') {
    return {
      kind: 'expired',
      title: AUTO_LOGIN_MESSAGES.usedTitle,
      message: error.message || AUTO_LOGIN_MESSAGES.used,
    };
  }
  if (error.code === 'EXPIRED_TOKEN' || error.code === 'INVALID_TOKEN') {
    return {
      kind: 'expired',
      title: AUTO_LOGIN_MESSAGES.expiredTitle,
      message: error.message || AUTO_LOGIN_MESSAGES.invalid,
    };
  }
  if (error.status === 0) return { kind: 'error', message: AUTO_LOGIN_MESSAGES.network };
  return { kind: 'error', message: error.message || AUTO_LOGIN_MESSAGES.failed };
}

function Panel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      {icon}
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      {children}
    </div>
  );
}

/** 'RFQ Direct Access': exchanges the link's token for a session and opens the RFQ. */
export function AutoLoginScreen({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const validate = useValidateAutoLogin();
  const [state, setState] = useState<AutoLoginState>(() =>
    token
      ? { kind: 'processing' }
      : {
          kind: 'expired',
          title: AUTO_LOGIN_MESSAGES.expiredTitle,
          message: AUTO_LOGIN_MESSAGES.missingToken,
        },
  );
  const started = useRef(false);

  const run = (value: string) => {
    setState({ kind: 'processing' });
    validate.mutate(value, {
      onSuccess: ({ redirectUrl }) => {
        setState({ kind: 'success' });
        void navigate(safeRedirect(redirectUrl), { replace: true });
      },
      onError: (error) => setState(failureState(error)),
    });
  };

  useEffect(() => {
    // One validation per visit, even when the effect runs twice in development.
    if (!token || started.current) return;
    started.current = true;
    run(token);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  const manualLogin = (
    <Button asChild variant={state.kind === 'error' ? 'outline' : 'primary'}>
      <Link to="/login">{AUTO_LOGIN_MESSAGES.manualLogin}</Link>
    </Button>
  );

  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-slate-50 to-blue-50 p-4">
      <section className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <div className="mb-6 flex items-center justify-center gap-2">
          <KeyRound aria-hidden="true" className="size-7 text-blue-600" />
          <h1 className="text-2xl font-bold text-slate-900">{AUTO_LOGIN_MESSAGES.title}</h1>
        </div>
        <div aria-live="polite">
          {state.kind === 'processing' ? (
            <Panel icon={<Spinner className="size-8" />} title={AUTO_LOGIN_MESSAGES.processing}>
              <span className="sr-only">Processing</span>
            </Panel>
          ) : null}
          {state.kind === 'success' ? (
            <Panel
              icon={<CircleCheck aria-hidden="true" className="size-10 text-green-600" />}
              title={AUTO_LOGIN_MESSAGES.redirecting}
            >
              <Spinner />
            </Panel>
          ) : null}
          {state.kind === 'expired' ? (
            <Panel icon={<Clock aria-hidden="true" className="size-10 text-amber-600" />} title={state.title}>
              <p role="alert" className="text-sm text-slate-700">
                {state.message}
              </p>
              {manualLogin}
            </Panel>
          ) : null}
          {state.kind === 'error' ? (
            <Panel
              icon={<TriangleAlert aria-hidden="true" className="size-10 text-red-600" />}
              title={AUTO_LOGIN_MESSAGES.failedTitle}
            >
              <p role="alert" className="text-sm text-slate-700">
                {state.message}
              </p>
              <div className="flex flex-wrap justify-center gap-2">
                <Button onClick={() => token && run(token)} disabled={!token}>
                  {AUTO_LOGIN_MESSAGES.tryAgain}
                </Button>
                {manualLogin}
              </div>
            </Panel>
          ) : null}
        </div>
      </section>
    </main>
  );
}
