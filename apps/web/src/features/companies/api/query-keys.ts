import type { DirectoryQuery } from '../lib/directory-query';

/** The directory's cached answers; a company's save changes its page and the directory's cards. */
export const companyKeys = {
  all: ['companies'] as const,
  page: (query: DirectoryQuery) => ['companies', 'list', query] as const,
  specialties: ['companies', 'specialties'] as const,
  company: (id: number) => ['companies', 'company', id] as const,
  mine: ['companies', 'mine'] as const,
};
