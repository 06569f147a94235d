import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { DevEnvironmentBadge } from '@/app/dev-environment-badge';
import { AppErrorBoundary } from '@/app/error-boundary';
import { startBootRequests } from '@/app/boot';
import { AppProviders } from '@/app/providers';
import { appRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

const queryClient = createQueryClient();
const router = createBrowserRouter(appRoutes);
startBootRequests(queryClient, window.location.pathname);

/** The console: providers around the router, inside a last-resort error boundary. */
export function App() {
  return (
    <AppErrorBoundary>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
        {import.meta.env.DEV && <DevEnvironmentBadge />}
      </AppProviders>
    </AppErrorBoundary>
  );
}
