import {
  APP_PATHS,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_QUERY_MAX,
  SEARCH_QUERY_MIN,
  SEARCH_TYPES,
  type TSearchType,
} from '@portal/contract';

/** What the results page shows, read from its address `/search?q=…&type=…&page=…`. */
export interface SearchAddress {
  q: string;
  type: TSearchType | null;
  page: number;
}

export const RESULTS_PAGE_SIZE = SEARCH_LIMIT_DEFAULT;

function isSearchType(value: string | null): value is TSearchType {
  return (SEARCH_TYPES as readonly (string | null)[]).includes(value);
}

/** A missing or malformed `type` or `page` falls back to all types and the first page. */
export function readSearchAddress(params: URLSearchParams): SearchAddress {
  const type = params.get('type');
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    type: isSearchType(type) ? type : null,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function searchPath({ q, type = null, page = 1 }: Partial<SearchAddress> & { q: string }): string {
  const params = new URLSearchParams({ q: q.trim() });
  if (type) params.set('type', type);
  if (page > 1) params.set('page', String(page));
  return `${APP_PATHS.search}?${params}`;
}

/** Why a text is not searched (the server's own German messages), or null when it may be sent. */
export function queryProblem(q: string): 'tooShort' | 'tooLong' | null {
  const length = q.trim().length;
  if (length < SEARCH_QUERY_MIN) return 'tooShort';
  return length > SEARCH_QUERY_MAX ? 'tooLong' : null;
}
