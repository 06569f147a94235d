import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastOutlet } from '@/components/toast-outlet';
import { AuthProvider } from '@/lib/auth';

type AppProvidersProps = { queryClient: QueryClient; children: ReactNode };

/**
 * Query cache, session and the toast outlet, shared by every screen. The signed-in shell
 * (app/layout) adds the realtime socket, update notices and tooltips, and mounts the toasts:
 * none of them, nor their libraries, reach the sign-in page.
 */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <ToastOutlet />
      </AuthProvider>
    </QueryClientProvider>
  );
}
