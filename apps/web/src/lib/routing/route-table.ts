import { APP_PATHS, COMPANY_APP_PATHS, type TRole } from '@portal/contract';

/**
 * The route table of SPEC §2: path, name and required role of every screen. The addresses themselves are the
 * contract's APP_PATHS; a route with parameters declares its pattern here (route-paths.test.ts holds them together).
 */
export type RouteName =
  | 'login'
  | 'dashboard'
  | 'blog'
  | 'content'
  | 'event'
  | 'forum-view'
  | 'thread-view'
  | 'media-overview'
  | 'media'
  | 'service-offerings'
  | 'directory'
  | 'company'
  | 'person'
  | 'search'
  | 'notification-settings'
  | 'admin-members'
  | 'admin-groups'
  | 'admin-audit'
  | 'admin-synonyms'
  | 'admin-companies'
  | 'admin-company-review'
  | 'admin-company-import'
  | 'admin-specialties'
  | 'admin-company'
  | 'not-found';

export interface RouteMeta {
  name: RouteName;
  path: string;
  role: TRole | null;
}

export const ROUTES = {
  login: { name: 'login', path: APP_PATHS.login, role: null },
  dashboard: { name: 'dashboard', path: APP_PATHS.dashboard, role: 'ROLE_PARTNER' },
  blog: { name: 'blog', path: '/blog/:id?', role: 'ROLE_PARTNER' },
  content: { name: 'content', path: '/content/:id', role: 'ROLE_USER' },
  event: { name: 'event', path: '/event/:id?', role: 'ROLE_USER' },
  'forum-view': { name: 'forum-view', path: '/forum/:forumId?', role: 'ROLE_USER' },
  'thread-view': { name: 'thread-view', path: '/forum/:forumId/thread/:forumThreadId', role: 'ROLE_USER' },
  'media-overview': { name: 'media-overview', path: APP_PATHS.media, role: 'ROLE_ADMIN' },
  media: { name: 'media', path: '/media/:id', role: 'ROLE_ADMIN' },
  'service-offerings': { name: 'service-offerings', path: APP_PATHS.serviceOfferings, role: 'ROLE_USER' },
  // issue 36: the member directory and a company's page
  directory: { name: 'directory', path: COMPANY_APP_PATHS.directory, role: 'ROLE_USER' },
  company: { name: 'company', path: `${COMPANY_APP_PATHS.directory}/:id`, role: 'ROLE_USER' },
  // issue 36 point 6: a person's page, linked from their posts
  person: { name: 'person', path: '/personen/:id', role: 'ROLE_USER' },
  search: { name: 'search', path: APP_PATHS.search, role: 'ROLE_PARTNER' },
  'notification-settings': {
    name: 'notification-settings',
    path: APP_PATHS.notificationSettings,
    role: 'ROLE_PARTNER',
  },
  // issue 18: the administration of members, groups and the audit log
  'admin-members': { name: 'admin-members', path: APP_PATHS.adminMembers, role: 'ROLE_ADMIN' },
  'admin-groups': { name: 'admin-groups', path: APP_PATHS.adminGroups, role: 'ROLE_ADMIN' },
  'admin-audit': { name: 'admin-audit', path: APP_PATHS.adminAudit, role: 'ROLE_ADMIN' },
  // issue 33: the search's synonyms
  'admin-synonyms': { name: 'admin-synonyms', path: APP_PATHS.adminSynonyms, role: 'ROLE_ADMIN' },
  // issue 36: member companies; the fixed addresses before the one with an id (the first match wins)
  'admin-companies': { name: 'admin-companies', path: APP_PATHS.adminCompanies, role: 'ROLE_ADMIN' },
  'admin-company-review': {
    name: 'admin-company-review',
    path: APP_PATHS.adminCompanyReview,
    role: 'ROLE_ADMIN',
  },
  'admin-company-import': {
    name: 'admin-company-import',
    path: APP_PATHS.adminCompanyImport,
    role: 'ROLE_ADMIN',
  },
  'admin-specialties': { name: 'admin-specialties', path: APP_PATHS.adminSpecialties, role: 'ROLE_ADMIN' },
  'admin-company': { name: 'admin-company', path: '/admin/companies/:id', role: 'ROLE_ADMIN' },
  'not-found': { name: 'not-found', path: '*', role: null },
} as const satisfies Record<RouteName, RouteMeta>;
