import { APP_PATHS, hasRole, type TRole } from '@portal/contract';
import { matchPath } from 'react-router';
import { ROUTES, type RouteMeta } from './route-table';

/**
 * Which screen of the route table an address inside the app opens, and whether a role may open it. Links
 * (drawer, quick access, breadcrumbs) and remembered deep links are checked with this, so nobody is shown
 * a way to a page the route guard would refuse them.
 */
const MATCHED_ROUTES = Object.values(ROUTES).filter((route) => route.name !== 'not-found');

export function routeOf(address: string): RouteMeta {
  const pathname = address.split(/[?#]/, 1)[0] || '/';
  // The index route only forwards to the dashboard.
  if (pathname === '/') return routeOf(APP_PATHS.dashboard);
  return MATCHED_ROUTES.find((route) => matchPath(route.path, pathname) !== null) ?? ROUTES['not-found'];
}

export function mayOpen(roles: readonly TRole[], address: string): boolean {
  const { role } = routeOf(address);
  return role === null || hasRole(roles, role);
}
