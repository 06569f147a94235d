/** What a server list shows: why it failed, a skeleton, its empty state or its rows. */
export type ListState<T> =
  | { status: 'failed' }
  | { status: 'loading' }
  | { status: 'empty'; data: T }
  | { status: 'listed'; data: T };

/**
 * The state of a list read by a query. A failed read wins over rows already on screen, so that a
 * failed refresh is not mistaken for the current list.
 */
export function listState<T>(
  query: { isError: boolean; data: T | undefined },
  isEmpty: (data: T) => boolean,
): ListState<T> {
  if (query.isError) return { status: 'failed' };
  if (query.data === undefined) return { status: 'loading' };
  return { status: isEmpty(query.data) ? 'empty' : 'listed', data: query.data };
}
