import type { SearchRequest } from './get-search';

/** TanStack Query keys of the search: results pages and the top bar's suggestions. */
export const searchKeys = {
  all: ['search'] as const,
  results: (request: SearchRequest) => [...searchKeys.all, 'results', request] as const,
  suggestions: (term: string) => [...searchKeys.all, 'suggestions', term] as const,
};
