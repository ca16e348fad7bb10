import { ADMIN_PATHS, NOTIFICATION_SETTINGS_PATH, type TRole } from '@portal/contract';

/** The route table of SPEC §2: path, name and required role of every screen. */
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
  | 'search'
  | 'notification-settings'
  | 'admin-members'
  | 'admin-groups'
  | 'admin-audit'
  | 'not-found';

export interface RouteMeta {
  name: RouteName;
  path: string;
  role: TRole | null;
}

export const ROUTES = {
  login: { name: 'login', path: '/login', role: null },
  dashboard: { name: 'dashboard', path: '/dashboard', role: 'ROLE_PARTNER' },
  blog: { name: 'blog', path: '/blog/:id?', role: 'ROLE_PARTNER' },
  content: { name: 'content', path: '/content/:id', role: 'ROLE_USER' },
  event: { name: 'event', path: '/event/:id?', role: 'ROLE_USER' },
  'forum-view': { name: 'forum-view', path: '/forum/:forumId?', role: 'ROLE_USER' },
  'thread-view': { name: 'thread-view', path: '/forum/:forumId/thread/:forumThreadId', role: 'ROLE_USER' },
  'media-overview': { name: 'media-overview', path: '/media', role: 'ROLE_ADMIN' },
  media: { name: 'media', path: '/media/:id', role: 'ROLE_ADMIN' },
  'service-offerings': { name: 'service-offerings', path: '/dienstleistungsangebote', role: 'ROLE_USER' },
  search: { name: 'search', path: '/search', role: 'ROLE_PARTNER' },
  'notification-settings': {
    name: 'notification-settings',
    // every notification mail links it
    path: NOTIFICATION_SETTINGS_PATH,
    role: 'ROLE_PARTNER',
  },
  // issue 18: the administration of members, groups and the audit log
  'admin-members': { name: 'admin-members', path: ADMIN_PATHS.members, role: 'ROLE_ADMIN' },
  'admin-groups': { name: 'admin-groups', path: ADMIN_PATHS.groups, role: 'ROLE_ADMIN' },
  'admin-audit': { name: 'admin-audit', path: ADMIN_PATHS.audit, role: 'ROLE_ADMIN' },
  'not-found': { name: 'not-found', path: '*', role: null },
} as const satisfies Record<RouteName, RouteMeta>;

export const LOGIN_PATH = ROUTES.login.path;
export const DASHBOARD_PATH = ROUTES.dashboard.path;
