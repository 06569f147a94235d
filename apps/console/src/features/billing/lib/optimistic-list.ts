import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Changes one row of a cached billing list at once, before the server answers (spec 3 section 4:
 * status changes, conversion, payments and reverts are applied optimistically). `change` returns
 * the new row, or null to take it out of the list. Answers the undo, which puts the list back as
 * it was; the mutation's refetch then brings the server's truth either way.
 */
export function changeListedRow<Row extends { id: string }>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  field: string,
  id: string,
  change: (row: Row) => Row | null,
): () => void {
  const previous = queryClient.getQueryData<Record<string, unknown>>(queryKey);
  const rows = previous?.[field];
  if (!previous || !Array.isArray(rows)) return () => undefined;
  queryClient.setQueryData(queryKey, {
    ...previous,
    [field]: (rows as Row[]).flatMap((row) => {
      if (row.id !== id) return [row];
      const changed = change(row);
      return changed ? [changed] : [];
    }),
  });
  return () => queryClient.setQueryData(queryKey, previous);
}
