import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/lib/auth';
import { RealtimeProvider } from '@/lib/realtime-provider';

type AppProvidersProps = { queryClient: QueryClient; children: ReactNode };

/**
 * Query cache, session, the realtime socket and the toast outlet, shared by every screen (the
 * signed-in shell adds tooltips: their positioning library stays off the sign-in page).
 */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RealtimeProvider>
          {children}
          <Toaster />
        </RealtimeProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
