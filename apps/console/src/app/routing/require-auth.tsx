import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingScreen } from '@/components/status-screens';
import { useAuth } from '@/lib/auth';
import {
  endedForTwoFactorSetup,
  isSessionValidated,
  validateSession,
  type SessionValidationResult,
} from '@/lib/session-validation';

/**
 * Validates the stored token once when the protected area mounts (a token refreshed later is
 * not re-checked: the refresh itself proved the session). Null while the check runs.
 */
function useSessionValidation(token: string | null): SessionValidationResult | null {
  const [result, setResult] = useState<SessionValidationResult | null>(() =>
    isSessionValidated(token) ? 'valid' : null,
  );
  const alreadyValidated = result === 'valid';
  useEffect(() => {
    if (alreadyValidated) return;
    let active = true;
    void validateSession().then((outcome) => {
      if (active) setResult(outcome);
    });
    return () => {
      active = false;
    };
    // Only on mount: later token changes come from refreshes or sign-out, handled elsewhere.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return result;
}

/**
 * Lets signed-in visitors through once the server confirms the session (spec 1 section 4);
 * anyone without a valid token goes to /login, an account without two-factor to
 * /login?setup=required.
 */
export function RequireAuth() {
  const { isAuthenticated, token } = useAuth();
  const location = useLocation();
  const validation = useSessionValidation(token);
  // The check clears the session before its promise settles, so the guard may re-render signed
  // out before `validation` arrives; the remembered outcome still sends it to the setup prompt.
  if (validation === 'setup-required' || (!isAuthenticated && endedForTwoFactorSetup())) {
    return <Navigate to="/login?setup=required" replace />;
  }
  if (!isAuthenticated || validation === 'signed-out') {
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  if (validation === null) return <LoadingScreen message="Verifying your session..." />;
  return <Outlet />;
}

/** For /login: a visitor who already holds a token goes straight to the dashboard. */
export function RedirectIfAuthenticated() {
  const { isAuthenticated } = useAuth();
  if (isAuthenticated) return <Navigate to="/" replace />;
  return <Outlet />;
}
