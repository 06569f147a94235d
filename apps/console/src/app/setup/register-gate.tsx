import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { LoadingScreen } from '@/components/status-screens';
import { setupCheckQueryOptions } from './setup-gate';

/**
 * /register is first-time setup only: once a superadmin exists the page sends visitors to /login.
 * The answer on arrival decides; the check turning 'ready' halfway through setup (the account is
 * created before two-factor is set up) must not pull the page away.
 */
export function RegisterGate() {
  const setup = useQuery(setupCheckQueryOptions);
  const onArrival = useRef<'ready' | 'setup-needed' | 'unknown' | null>(null);
  if (onArrival.current === null && !setup.isPending) {
    onArrival.current = setup.isError ? 'unknown' : setup.data;
  }
  if (onArrival.current === null)
    return <LoadingScreen message="Initializing dashboard system..." />;
  if (onArrival.current === 'ready') return <Navigate to="/login" replace />;
  // Setup needed, or the check failed: the page itself reports a refused registration.
  return <Outlet />;
}
