import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The billing page's tabs, in order; dashboard is the default (spec 3 section 2). */
export const billingTabs = [
  'dashboard',
  'products',
  'quotations',
  'invoices',
  'receipts',
  'einvoices',
  'renewals',
  'reports',
] as const;
export type BillingTab = (typeof billingTabs)[number];

/** The tab in the URL's `tab` parameter; anything else is the dashboard. */
export function readBillingTab(search: URLSearchParams): BillingTab {
  const tab = search.get('tab');
  return billingTabs.find((candidate) => candidate === tab) ?? 'dashboard';
}

/** Filter changes reach the server after this pause (spec 3 section 9). */
export const filterDebounceMs = 500;

/**
 * A tab's filters and page, kept in the URL beside `tab` so Back and reload restore the view.
 * `names` are the filter parameters; a value the list does not know is dropped by `allowed`.
 */
export function useTabFilters<Name extends string>(
  names: readonly Name[],
  allowed: Partial<Record<Name, readonly string[]>> = {},
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => {
    const values = {} as Record<Name, string | undefined>;
    for (const name of names) {
      const value = searchParams.get(name)?.trim() || undefined;
      const known = allowed[name];
      values[name] = value && (!known || known.includes(value)) ? value : undefined;
    }
    return values;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- names and allowed are constants of the tab
  }, [searchParams]);
  const pageNumber = Number.parseInt(searchParams.get('page') ?? '', 10);
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1;

  const update = useCallback(
    (changes: Partial<Record<Name | 'page', string | number | undefined>>) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === undefined || value === '' || (name === 'page' && value === 1)) {
              next.delete(name);
            } else next.set(name, String(value));
          }
          // Any filter change starts again at page 1.
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  const clear = useCallback(
    () =>
      setSearchParams((current) => {
        const next = new URLSearchParams();
        const tab = current.get('tab');
        if (tab) next.set('tab', tab);
        return next;
      }),
    [setSearchParams],
  );

  return { filters, page, update, clear };
}

/**
 * The text of a search box, committed `filterDebounceMs` after the last keystroke; follows the URL
 * when Back or Clear changes it.
 */
export function useDebouncedSearch(committed: string | undefined, commit: (value: string) => void) {
  const [text, setText] = useState(committed ?? '');
  useEffect(() => setText(committed ?? ''), [committed]);
  useEffect(() => {
    if (text.trim() === (committed ?? '')) return;
    const timer = setTimeout(() => commit(text.trim()), filterDebounceMs);
    return () => clearTimeout(timer);
  }, [text, committed, commit]);
  return [text, setText] as const;
}
