import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** Navigates to `to` after `delayMs` once `active` turns true; leaving the page cancels it. */
export function useRedirectAfter(active: boolean, to: string, delayMs: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => navigate(to, { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [active, to, delayMs, navigate]);
}
