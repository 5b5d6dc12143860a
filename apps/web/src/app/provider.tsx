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
        position="bottom-right"
        visibleToasts={1}
        duration={TOAST_DURATION_MS}
        richColors
        closeButton
        // At the bottom, away from page actions (New Project, Edit Project) and above the phone's tab bar.
        offset={{ bottom: 'var(--toast-bottom)', right: 16 }}
        mobileOffset={{ bottom: 'var(--toast-bottom)', left: 12, right: 12 }}
      />
    </QueryClientProvider>
  );
}
