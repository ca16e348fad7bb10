/**
 * The admin's company answers sit under 'admin' (the audit log shows every change); the directory's answers
 * (the companies feature's own screens) under 'companies', refreshed after an admin's change too.
 */
export const companyKeys = {
  admin: ['admin'] as const,
  directory: ['companies'] as const,
  pages: ['admin', 'companies', 'page'] as const,
  page: (q: string, page: number) => ['admin', 'companies', 'page', { q, page }] as const,
  company: (id: number) => ['admin', 'companies', 'company', id] as const,
  specialties: ['admin', 'companies', 'specialties'] as const,
  review: ['admin', 'companies', 'review'] as const,
  members: (q: string) => ['admin', 'companies', 'members', q] as const,
};
