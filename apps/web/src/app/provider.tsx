import { TOAST_DURATION_MS } from '@trowel/shared/config/constants.ts';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { useAppearance } from '../lib/appearance.ts';

/**
 * Toasts lie over the header, the one band of every screen that holds none of the screen's actions
 * (compact enough to stay within it: index.css).
 */
const OVER_THE_HEADER = { top: 6, left: 8, right: 8 };

/** Server state and toasts (one visible at a time, 5 s each, light or dark as the appearance). */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { darkMode } = useAppearance();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster
        position="top-center"
        visibleToasts={1}
        duration={TOAST_DURATION_MS}
        richColors
        theme={darkMode ? 'dark' : 'light'}
        closeButton
        // A Save or Submit button may be anywhere between the header and the phone's tab bar: the
        // toast covers neither, at most the header's middle (on a phone, the header itself).
        offset={OVER_THE_HEADER}
        mobileOffset={OVER_THE_HEADER}
      />
    </QueryClientProvider>
  );
}
