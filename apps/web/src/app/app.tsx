import { RouterProvider } from 'react-router';
import { loginPathFor, setAuthFailureHandler } from '../lib/api-client.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { resetSession } from '../lib/session.ts';
import { AppProvider } from './provider.tsx';
import { createAppRouter } from './router.tsx';

const queryClient = createQueryClient();
const router = createAppRouter();

// A lost session anywhere: forget the user's data and sign in again, then come back here.
setAuthFailureHandler(() => {
  resetSession(queryClient);
  const { pathname, search } = router.state.location;
  if (pathname !== '/login') void router.navigate(loginPathFor({ pathname, search }), { replace: true });
});

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
