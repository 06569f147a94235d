import { roles, userStatuses } from '@patrol/contracts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { UsersListParams } from '@/lib/query-keys';

const searchDelayMs = 300;

export type UsersSortField = NonNullable<UsersListParams['sortBy']>;

const sortFields: readonly UsersSortField[] = [
  'fullName',
  'username',
  'email',
  'role',
  'status',
  'lastLogin',
  'createdAt',
];

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** One of `allowed` from the URL, or undefined (a hand-edited URL never reaches the API). */
function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((candidate) => candidate === value);
}

/**
 * The users list's search, filters, sort and page, kept in the URL (its source of truth); the
 * search box updates the URL after a short pause.
 */
export function useUsersListParams() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const [searchText, setSearchText] = useState(search);
  const role = oneOf(params.get('role'), roles);
  const status = oneOf(params.get('status'), userStatuses);
  const sortBy = oneOf(params.get('sortBy'), sortFields) ?? 'createdAt';
  const sortOrder: 'asc' | 'desc' = params.get('sortOrder') === 'desc' ? 'desc' : 'asc';

  useEffect(() => {
    if (searchText.trim() === search) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (searchText.trim()) next.set('search', searchText.trim());
          else next.delete('search');
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    }, searchDelayMs);
    return () => clearTimeout(timer);
  }, [searchText, search, setParams]);

  /** Sets URL filters (empty removes one) and returns to the first page. */
  const updateParams = (changes: Record<string, string>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      next.delete('page');
      return next;
    });

  const sortByColumn = (field: UsersSortField) =>
    updateParams({
      sortBy: field,
      sortOrder: sortBy === field && sortOrder === 'asc' ? 'desc' : 'asc',
    });

  const goToPage = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next > 1) updated.set('page', String(next));
      else updated.delete('page');
      return updated;
    });

  return {
    query: { search, page: pageFrom(params), role, status, sortBy, sortOrder },
    searchText,
    setSearchText,
    updateParams,
    sortByColumn,
    goToPage,
  };
}
