import type { TRole } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { mayOpen, routeOf } from './route-access';

const PARTNER: TRole[] = ['ROLE_PARTNER'];
const MEMBER: TRole[] = ['ROLE_USER', 'ROLE_PARTNER'];
const ADMIN: TRole[] = ['ROLE_ADMIN', 'ROLE_USER', 'ROLE_PARTNER'];

describe('route access', () => {
  it.each([
    ['/', 'dashboard'],
    ['/dashboard', 'dashboard'],
    ['/blog', 'blog'],
    ['/blog/12?ceo=true', 'blog'],
    ['/content/3#tabelle', 'content'],
    ['/event', 'event'],
    ['/event/3', 'event'],
    ['/forum', 'forum-view'],
    ['/forum/1/thread/2?page=2', 'thread-view'],
    ['/media', 'media-overview'],
    ['/media/4', 'media'],
    ['/dienstleistungsangebote', 'service-offerings'],
    ['/benachrichtigungen', 'notification-settings'],
    ['/admin/members?q=glas&page=2', 'admin-members'],
    ['/admin/groups', 'admin-groups'],
    ['/admin/audit', 'admin-audit'],
    ['/admin', 'not-found'],
    ['/login?request=/event', 'login'],
    ['/gibt-es-nicht', 'not-found'],
    ['/event/3/mehr', 'not-found'],
  ])('should take %s for the route %s', (address, name) => {
    expect(routeOf(address).name).toBe(name);
  });

  it('should let a partner open only the dashboard, the posts and the notification settings', () => {
    expect(mayOpen(PARTNER, '/dashboard')).toBe(true);
    expect(mayOpen(PARTNER, '/blog/1')).toBe(true);
    expect(mayOpen(PARTNER, '/benachrichtigungen')).toBe(true);
    for (const address of ['/content/1', '/event', '/forum/1', '/dienstleistungsangebote', '/media']) {
      expect(mayOpen(PARTNER, address)).toBe(false);
    }
  });

  it('should keep the media library from members and open it to admins', () => {
    expect(mayOpen(MEMBER, '/event/3')).toBe(true);
    expect(mayOpen(MEMBER, '/media/2')).toBe(false);
    expect(mayOpen(ADMIN, '/media/2')).toBe(true);
  });

  it('should keep the administration from members and partners and open it to admins', () => {
    for (const address of ['/admin/members', '/admin/groups', '/admin/audit']) {
      expect(mayOpen(PARTNER, address)).toBe(false);
      expect(mayOpen(MEMBER, address)).toBe(false);
      expect(mayOpen(ADMIN, address)).toBe(true);
    }
  });

  it('should keep the notification settings from visitors who are not logged in', () => {
    expect(mayOpen([], '/benachrichtigungen')).toBe(false);
    expect(mayOpen(MEMBER, '/benachrichtigungen')).toBe(true);
    expect(mayOpen(ADMIN, '/benachrichtigungen')).toBe(true);
  });

  it('should open pages without a role to everyone', () => {
    expect(mayOpen([], '/login')).toBe(true);
    expect(mayOpen([], '/gibt-es-nicht')).toBe(true);
  });
});
