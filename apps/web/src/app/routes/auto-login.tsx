import { AUTO_LOGIN_MESSAGES } from '@trowel/shared/auto-login/auto-login.schemas.ts';
import { useSearchParams } from 'react-router';
import { AutoLoginScreen } from '../../features/auto-login/components/auto-login-screen.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

/** /auth/auto-login (public): a vendor opens an RFQ from a link, without a password. */
export function AutoLoginRoute() {
  useDocumentTitle(AUTO_LOGIN_MESSAGES.title);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  return <AutoLoginScreen token={token} />;
}
