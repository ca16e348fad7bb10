import { SEARCH_API, SEARCH_SUGGESTIONS, type TSearchType, ZSearchResult } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { withQuery } from '../../../lib/form-data';
import { api } from '../../../lib/portal';
import { searchKeys } from './query-keys';

export interface SearchRequest {
  q: string;
  type: TSearchType | null;
  offset: number;
  limit: number;
}

/** GET /api/search?q&type&offset&limit: one page of hits, the total and the counts per type. */
function searchQuery(request: SearchRequest) {
  return queryOptions({
    queryKey: searchKeys.results(request),
    queryFn: ({ signal }) =>
      api.get(withQuery(SEARCH_API.search, { ...request }), { schema: ZSearchResult, signal }),
  });
}

/** The results page; keeps the previous page on screen while the next one loads. Off while `q` is unsendable. */
export function useSearch(request: SearchRequest, enabled: boolean) {
  return useQuery({ ...searchQuery(request), enabled, placeholderData: keepPreviousData });
}

/**
 * The top bar's suggestions: the best hits for what the member is typing. Silent (no global spinner, no
 * error banner): suggestions are a help while typing, and Enter still opens the results page.
 */
export function useSuggestions(term: string | null) {
  return useQuery({
    queryKey: searchKeys.suggestions(term ?? ''),
    queryFn: ({ signal }) =>
      api.get(withQuery(SEARCH_API.search, { q: term ?? '', limit: SEARCH_SUGGESTIONS }), {
        schema: ZSearchResult,
        signal,
        silent: true,
        hideSpinner: true,
      }),
    enabled: term !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
