import { useSearchParams } from 'react-router-dom';
import { useSearchBox } from '@/lib/use-search-box';

function readPage(value: string | null): number {
  const page = Number.parseInt(value ?? '', 10);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The licences list's page and client search, kept in the address (?page=&search=): the search
 * box's text (applied after typing pauses, back to page 1) and a way to another page.
 */
export function useLicenceListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = {
    page: readPage(searchParams.get('page')),
    search: searchParams.get('search') ?? '',
  };
  const [searchText, setSearchText] = useSearchBox(params.search, (search) =>
    setSearchParams(search ? { search } : {}, { replace: true }),
  );
  const goToPage = (page: number) => {
    const next = new URLSearchParams(searchParams);
    next.set('page', String(page));
    setSearchParams(next);
  };
  return { params, searchText, setSearchText, goToPage };
}
