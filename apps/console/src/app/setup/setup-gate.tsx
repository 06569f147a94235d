import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router-dom';
import { checkSetup, setupCheckMessages } from '@/lib/setup-check';
import { ConnectionErrorScreen, LoadingScreen } from '@/components/status-screens';
import { queryKeys } from '@/lib/query-keys';

/** The setup check as a query; the boot starts it before the gate mounts (app/boot.ts). */
export const setupCheckQueryOptions = {
  queryKey: queryKeys.setupCheck,
  queryFn: () => checkSetup(),
  staleTime: 30_000,
  retry: false,
} as const;

/** Holds every route but /register until the server confirms a superadmin exists. */
export function SetupGate() {
  const setup = useQuery(setupCheckQueryOptions);

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
