import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router-dom';
import { checkSetup, setupCheckMessages } from '@/app/setup/setup-check';
import { ConnectionErrorScreen, LoadingScreen } from '@/components/status-screens';

/** Query key of the setup check; setup completion invalidates it. */
export const setupCheckQueryKey = ['setup-check'] as const;

/** Holds every route but /register until the server confirms a superadmin exists. */
export function SetupGate() {
  const setup = useQuery({
    queryKey: setupCheckQueryKey,
    queryFn: () => checkSetup(),
    staleTime: 30_000,
    retry: false,
  });

  if (setup.isPending) return <LoadingScreen message="Initializing dashboard system..." />;
  if (setup.isError) {
    return (
      <ConnectionErrorScreen
        message={setup.error.message || setupCheckMessages.failed}
        onRetry={() => void setup.refetch()}
        retrying={setup.isFetching}
      />
    );
  }
  if (setup.data === 'setup-needed') return <Navigate to="/register" replace />;
  return <Outlet />;
}
