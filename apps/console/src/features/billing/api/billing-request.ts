import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Billing lists are served from the cache this long (spec 3 section 9: 10 s freshness). */
export const billingFreshMs = 10_000;

/**
 * A billing mutation sent with an Idempotency-Key: the key is made when the user acts, so a
 * retry of the same action (a double click, a lost answer) is answered once by the server.
 */
export function sendBillingMutation<T>(
  method: 'post' | 'put' | 'patch',
  path: string,
  body?: unknown,
): Promise<T> {
  return api[method]<T>(path, body, { headers: { 'Idempotency-Key': crypto.randomUUID() } });
}

/** A billing mutation that refreshes every billing list (and the dashboard's figures) after. */
export function useBillingMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.billing.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.businessStats() });
    },
  });
}
