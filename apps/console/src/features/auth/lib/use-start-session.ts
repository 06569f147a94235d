import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { clearSetupCheckCache } from '@/lib/setup-check';
import { queryKeys } from '@/lib/query-keys';
import type { SessionGrant } from '@/features/auth/api/login';
import { clearSessionValidationCache } from '@/lib/session-validation';
import { sessionStore } from '@/lib/session-storage';
import { resetTokenRefresh } from '@/lib/token-refresh';

/**
 * Stores a new session (spec 1 section 4, Sign-in): tokens and user, then forgets the previous
 * auth validation and setup check, so the guards ask the server afresh.
 */
export function useStartSession(): (session: SessionGrant) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (session: SessionGrant) => {
      // Nothing an earlier session cached may show in the new one. The setup gate's own check
      // may still be on screen (sign-in): it is re-asked in the background, not dropped.
      queryClient.removeQueries({ type: 'inactive' });
      clearSessionValidationCache();
      clearSetupCheckCache();
      void queryClient.invalidateQueries({ queryKey: queryKeys.setupCheck });
      resetTokenRefresh();
      sessionStore.save(session);
    },
    [queryClient],
  );
}
