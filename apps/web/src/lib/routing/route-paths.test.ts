import { APP_PATHS, COMPANY_APP_PATHS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { routeOf } from './route-access';
import type { RouteName } from './route-table';

/**
 * The contract's APP_PATHS build every address (server mails and search hits too); the route table declares
 * the patterns the router matches. Each address must open the screen it is meant for.
 */
const ADDRESSES: Record<keyof typeof APP_PATHS, [address: string, route: RouteName][]> = {
  login: [[APP_PATHS.login, 'login']],
  loginWithToken: [[APP_PATHS.loginWithToken('abc_-1'), 'login']],
  dashboard: [[APP_PATHS.dashboard, 'dashboard']],
  blog: [[APP_PATHS.blog, 'blog']],
  post: [
    [APP_PATHS.post(4), 'blog'],
    [APP_PATHS.post(4, { ceo: true }), 'blog'],
  ],
  content: [[APP_PATHS.content(3), 'content']],
  contentItem: [[APP_PATHS.contentItem(3, 7, 41), 'content']],
  events: [[APP_PATHS.events, 'event']],
  event: [[APP_PATHS.event(2), 'event']],
  forums: [[APP_PATHS.forums, 'forum-view']],
  forum: [[APP_PATHS.forum(3), 'forum-view']],
  thread: [
    [APP_PATHS.thread(3, 12), 'thread-view'],
    [APP_PATHS.thread(3, 12, { page: 'last' }), 'thread-view'],
    [APP_PATHS.thread(3, 12, { page: 2, post: 40 }), 'thread-view'],
  ],
  media: [[APP_PATHS.media, 'media-overview']],
  mediaCategory: [[APP_PATHS.mediaCategory(5), 'media']],
  mediaFile: [[APP_PATHS.mediaFile(5, 9), 'media']],
  serviceOfferings: [[APP_PATHS.serviceOfferings, 'service-offerings']],
  search: [[APP_PATHS.search, 'search']],
  notificationSettings: [[APP_PATHS.notificationSettings, 'notification-settings']],
  adminMembers: [[APP_PATHS.adminMembers, 'admin-members']],
  adminGroups: [[APP_PATHS.adminGroups, 'admin-groups']],
  adminAudit: [[APP_PATHS.adminAudit, 'admin-audit']],
  adminSynonyms: [[APP_PATHS.adminSynonyms, 'admin-synonyms']],
  adminCompanies: [[APP_PATHS.adminCompanies, 'admin-companies']],
  adminCompany: [[APP_PATHS.adminCompany(7), 'admin-company']],
  adminCompanyReview: [[APP_PATHS.adminCompanyReview, 'admin-company-review']],
  adminCompanyImport: [[APP_PATHS.adminCompanyImport, 'admin-company-import']],
  adminSpecialties: [[APP_PATHS.adminSpecialties, 'admin-specialties']],
  person: [[APP_PATHS.person(8), 'person']],
};

describe('the addresses of APP_PATHS', () => {
  it.each(Object.values(ADDRESSES).flat())('should open %s on the route %s', (address, route) => {
    expect(routeOf(address).name).toBe(route);
  });
});

// issue 36: the directory and a company's page (the search's company hits lead there)
const COMPANY_ADDRESSES: Record<keyof typeof COMPANY_APP_PATHS, [address: string, route: RouteName][]> = {
  directory: [
    [COMPANY_APP_PATHS.directory, 'directory'],
    [`${COMPANY_APP_PATHS.directory}?q=glas&state=BY&letter=G&page=2`, 'directory'],
  ],
  company: [[COMPANY_APP_PATHS.company(12), 'company']],
};

describe('the addresses of COMPANY_APP_PATHS', () => {
  it.each(Object.values(COMPANY_ADDRESSES).flat())('should open %s on the route %s', (address, route) => {
    expect(routeOf(address).name).toBe(route);
  });
});
