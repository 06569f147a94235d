import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/** A licence mutation that reloads the licence and client lists once it succeeds. */
export function useLicenceMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.licences.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients.all });
    },
  });
}
