import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ClientListParams } from '@/lib/query-keys';

const sortFields = ['companyName', 'createdAt'] as const;

/** Reads the table's page, search, status filter and sort from the URL; anything unusable means the default. */
export function readClientListParams(search: URLSearchParams): ClientListParams {
  const page = Number.parseInt(search.get('page') ?? '', 10);
  const sortBy = search.get('sortBy');
  const status = search.get('status');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    search: search.get('search')?.trim() ?? '',
    ...((status === 'active' || status === 'inactive') && { status }),
    sortBy: sortFields.find((field) => field === sortBy) ?? 'createdAt',
    sortOrder: search.get('sortOrder') === 'asc' ? 'asc' : 'desc',
  };
}

/** The client table's state, kept in the URL so Back and reload restore the view. */
export function useClientListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readClientListParams(searchParams), [searchParams]);

  const update = useCallback(
    (changes: Partial<ClientListParams>) => {
      setSearchParams(
        (current) => {
          const next = { ...readClientListParams(current), ...changes };
          const query = new URLSearchParams();
          if (next.page > 1) query.set('page', String(next.page));
          if (next.search) query.set('search', next.search);
          if (next.status) query.set('status', next.status);
          if (next.sortBy !== 'createdAt' || next.sortOrder !== 'desc') {
            query.set('sortBy', next.sortBy);
            query.set('sortOrder', next.sortOrder);
          }
          return query;
        },
        // Typing a search should not leave a history entry per keystroke.
        { replace: changes.search !== undefined },
      );
    },
    [setSearchParams],
  );

  return { params, update };
}
