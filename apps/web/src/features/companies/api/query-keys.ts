import type { DirectoryQuery } from '../lib/directory-query';

/** The directory's cached answers; a company's save changes its page and the directory's cards. */
export const companyKeys = {
  all: ['companies'] as const,
  page: (query: DirectoryQuery) => ['companies', 'list', query] as const,
  specialties: ['companies', 'specialties'] as const,
  company: (id: number) => ['companies', 'company', id] as const,
  mine: ['companies', 'mine'] as const,
  /** a person's page (issue 36 point 6); the authors' photos beside posts are read from it too */
  person: (id: number) => ['companies', 'person', id] as const,
};
