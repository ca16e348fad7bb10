import type { TRole } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { decideRoute, type GuardInput, hasLoginParams, loginPathFor, safeInternalPath } from './route-guard';
import { ROUTES } from './route-table';

const MEMBER = { roles: ['ROLE_USER', 'ROLE_PARTNER'] as TRole[] };
const PARTNER = { roles: ['ROLE_PARTNER'] as TRole[] };
const ADMIN = { roles: ['ROLE_ADMIN'] as TRole[] };

function input(overrides: Partial<GuardInput>): GuardInput {
  return {
    route: ROUTES.dashboard,
    requested: '/dashboard',
    search: new URLSearchParams(),
    user: null,
    rememberedRequest: null,
    ...overrides,
  };
}

describe('route guard', () => {
  it('sends a visitor who is not logged in from the dashboard to login', () => {
    expect(decideRoute(input({ route: ROUTES.dashboard }))).toEqual({ redirectTo: '/login' });
  });

  it.each([
    ['/event/3', '/login?request=%2Fevent%2F3'],
    ['/event', '/login?request=%2Fevent'],
    ['/forum/1/thread/2?page=2', '/login?request=%2Fforum%2F1%2Fthread%2F2%3Fpage%3D2'],
    ['/blog?tag=x#oben', '/login?request=%2Fblog%3Ftag%3Dx%23oben'],
  ])('sends a visitor who is not logged in from %s to login, which remembers it', (requested, login) => {
    const route = ROUTES.event;
    const decision = decideRoute(input({ route, requested }));
    expect(decision).toEqual({ redirectTo: login });
    const search = new URL(login, 'http://portal.test').searchParams;
    expect(decideRoute(input({ route: ROUTES.login, requested: login, search }))).toEqual({
      redirectTo: null,
      remember: requested,
    });
  });

  it('remembers no address that could leave the app', () => {
    expect(loginPathFor('//evil.example/x')).toBe('/login');
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('/dashboard')).toBe('/login');
  });

  it('sends a user lacking the role to login, marked as denied', () => {
    expect(decideRoute(input({ route: ROUTES.event, user: PARTNER }))).toEqual({
      redirectTo: '/login?denied=1',
    });
    expect(decideRoute(input({ route: ROUTES.media, user: MEMBER }))).toEqual({
      redirectTo: '/login?denied=1',
    });
  });

  it('sends a member or partner from the administration to login, marked as denied', () => {
    for (const route of [ROUTES['admin-members'], ROUTES['admin-groups'], ROUTES['admin-audit']]) {
      for (const user of [MEMBER, PARTNER]) {
        expect(decideRoute(input({ route, requested: route.path, user }))).toEqual({
          redirectTo: '/login?denied=1',
        });
      }
      expect(decideRoute(input({ route, requested: route.path, user: ADMIN }))).toEqual({ redirectTo: null });
    }
  });

  it('keeps a denied user on the login route, which says why', () => {
    const search = new URLSearchParams({ denied: '1' });
    expect(decideRoute(input({ route: ROUTES.login, search, user: PARTNER }))).toEqual({ redirectTo: null });
    expect(hasLoginParams(search)).toBe(false);
  });

  it('shows a guarded route to a user with the role (roles include the lower ones)', () => {
    expect(decideRoute(input({ route: ROUTES.event, user: MEMBER }))).toEqual({ redirectTo: null });
    expect(decideRoute(input({ route: ROUTES.blog, user: ADMIN }))).toEqual({ redirectTo: null });
    expect(decideRoute(input({ route: ROUTES['media-overview'], user: ADMIN }))).toEqual({
      redirectTo: null,
    });
  });

  it('shows the notification settings to every logged-in role and sends a visitor to login first', () => {
    const route = ROUTES['notification-settings'];
    for (const user of [PARTNER, MEMBER, ADMIN]) {
      expect(decideRoute(input({ route, requested: '/benachrichtigungen', user }))).toEqual({
        redirectTo: null,
      });
    }
    expect(decideRoute(input({ route, requested: '/benachrichtigungen' }))).toEqual({
      redirectTo: '/login?request=%2Fbenachrichtigungen',
    });
  });

  it('sends a logged-in user from the login route to the dashboard', () => {
    expect(decideRoute(input({ route: ROUTES.login, user: MEMBER }))).toEqual({ redirectTo: '/dashboard' });
  });

  it('shows the login route to a visitor', () => {
    expect(decideRoute(input({ route: ROUTES.login }))).toEqual({ redirectTo: null });
  });

  it('always allows the not-found route', () => {
    expect(decideRoute(input({ route: ROUTES['not-found'] }))).toEqual({ redirectTo: null });
    expect(decideRoute(input({ route: ROUTES['not-found'], user: MEMBER }))).toEqual({ redirectTo: null });
  });

  it('remembers the request query value of the login route', () => {
    const search = new URLSearchParams({ request: '/blog/12' });
    expect(decideRoute(input({ route: ROUTES.login, search }))).toEqual({
      redirectTo: null,
      remember: '/blog/12',
    });
    expect(decideRoute(input({ route: ROUTES.login, search, user: MEMBER }))).toEqual({
      redirectTo: '/dashboard',
      remember: '/blog/12',
    });
  });

  it('sends the user from the dashboard to the remembered address once', () => {
    expect(decideRoute(input({ user: MEMBER, rememberedRequest: '/event/3' }))).toEqual({
      redirectTo: '/event/3',
      clearRemembered: true,
    });
  });

  it('keeps the user on the dashboard, which says why, instead of a remembered address the role may not open', () => {
    expect(decideRoute(input({ user: PARTNER, rememberedRequest: '/event/3' }))).toEqual({
      redirectTo: null,
      clearRemembered: true,
      denied: '/event/3',
    });
    expect(decideRoute(input({ user: MEMBER, rememberedRequest: '/media/1' }))).toEqual({
      redirectTo: null,
      clearRemembered: true,
      denied: '/media/1',
    });
    expect(decideRoute(input({ user: ADMIN, rememberedRequest: '/media/1' }))).toEqual({
      redirectTo: '/media/1',
      clearRemembered: true,
    });
  });

  it('lets a login link replace the session the browser still holds', () => {
    const search = new URLSearchParams({ token: 'abc', request: '/forum' });
    expect(decideRoute(input({ route: ROUTES.login, search, user: MEMBER }))).toEqual({
      redirectTo: null,
      remember: '/forum',
    });
  });

  it('remembers no login route and so never leads a logged-in user into a login link', () => {
    const search = new URLSearchParams({ request: '/Login?token=T' });
    const decision = decideRoute(input({ route: ROUTES.login, search, user: ADMIN }));
    expect(decision).toEqual({ redirectTo: '/dashboard' });
    expect(loginPathFor('/Login?token=T')).toBe('/login');
  });

  it('keeps a logged-in user without the dashboard role on the login route instead of looping', () => {
    expect(decideRoute(input({ route: ROUTES.login, user: { roles: [] } }))).toEqual({ redirectTo: null });
  });

  it.each([
    ['https://evil.example/x', null],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['javascript:alert(1)', null],
    ['/login?request=/x', null],
    // issue 30: the router reads each of these as the login route, which would exchange the token
    ['/Login?token=T', null],
    ['/LOGIN?token=T', null],
    ['/./login?token=T', null],
    ['/foo/../login?token=T', null],
    ['/%2e/login?token=T', null],
    ['/%6Cogin?token=T', null],
    ['/login/?token=T', null],
    ['/login//?token=T', null],
    ['/loginhilfe', '/loginhilfe'],
    ['/blog/12?tag=Glas', '/blog/12?tag=Glas'],
    ['/dienstleistungsangebote', '/dienstleistungsangebote'],
  ])('remembers %s as %s', (value, expected) => {
    expect(safeInternalPath(value)).toBe(expected);
  });
});
