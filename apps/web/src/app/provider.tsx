import { TOAST_DURATION_MS } from '@trowel/shared/config/constants.ts';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';

/** Server state and toasts (one visible at a time, 5 s each). */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster
        position="top-right"
        visibleToasts={1}
        duration={TOAST_DURATION_MS}
        richColors
        closeButton
        // Below the 64 px header, so a toast never covers the user menu or the bell.
        offset={{ top: 76, right: 16 }}
        mobileOffset={{ top: 72, left: 12, right: 12 }}
      />
    </QueryClientProvider>
  );
}
