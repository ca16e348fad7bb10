import { APP_PATHS, hasRole, isLoginPath, type TRole } from '@portal/contract';
import { mayOpen } from './route-access';
import { ROUTES, type RouteMeta } from './route-table';

/** The route guard of SPEC §4 as a pure decision; ./guard-loader.ts applies it. */
export interface GuardInput {
  route: RouteMeta;
  /** The address asked for: path, query and hash. */
  requested: string;
  search: URLSearchParams;
  /** The logged-in user, null when not authenticated. */
  user: { roles: readonly TRole[] } | null;
  rememberedRequest: string | null;
}

export interface GuardDecision {
  /** Where to send the user instead; null to show the route. */
  redirectTo: string | null;
  /** A `request` query value of the login route to remember. */
  remember?: string;
  /** The remembered address has been used and is to be forgotten. */
  clearRemembered?: boolean;
  /** A remembered address the role may not open: the dashboard shows it and says why (issue 31). */
  denied?: string;
}

export const REQUEST_PARAM = 'request';
/** Set on the login route when a logged-in user lacked the role of the page asked for. */
export const DENIED_PARAM = 'denied';
const LOGIN_DENIED_PATH = `${APP_PATHS.login}?${DENIED_PARAM}=1`;

export function decideRoute({
  route,
  requested,
  search,
  user,
  rememberedRequest,
}: GuardInput): GuardDecision {
  const remember = route.name === 'login' ? safeInternalPath(search.get(REQUEST_PARAM)) : null;
  const withRemember = (redirectTo: string | null): GuardDecision =>
    remember ? { redirectTo, remember } : { redirectTo };

  if (route.role) {
    if (!user) return { redirectTo: loginPathFor(requested) };
    // SPEC §4 sends a user lacking the role to login; the login page then says why instead of moving on.
    if (!hasRole(user.roles, route.role)) return { redirectTo: LOGIN_DENIED_PATH };
    if (route.name === 'dashboard' && rememberedRequest) {
      // An address the role may not open would only end on the login page's 'denied' notice: the dashboard
      // shows instead and says why.
      if (mayOpen(user.roles, rememberedRequest))
        return { redirectTo: rememberedRequest, clearRemembered: true };
      return { redirectTo: null, clearRemembered: true, denied: rememberedRequest };
    }
    return { redirectTo: null };
  }
  if (route.name === 'not-found' || !user) return withRemember(null);
  // A fresh login link replaces whatever session the browser still holds.
  if (route.name === 'login' && hasLoginParams(search)) return withRemember(null);
  if (route.name === 'login' && search.has(DENIED_PARAM)) return withRemember(null);
  // Without the dashboard's role the dashboard would send the user straight back here.
  if (!hasRole(user.roles, ROUTES.dashboard.role)) return withRemember(null);
  return withRemember(APP_PATHS.dashboard);
}

/**
 * The login route that brings the visitor back to `requested` afterwards (its `request` parameter, which the
 * login route remembers). The dashboard is where every login ends anyway, so it needs no parameter.
 */
export function loginPathFor(requested: string): string {
  const path = safeInternalPath(requested);
  if (!path || path === APP_PATHS.dashboard || path === '/') return APP_PATHS.login;
  return `${APP_PATHS.login}?${new URLSearchParams({ [REQUEST_PARAM]: path }).toString()}`;
}

/** Query parameters of a login link other than `request` (SPEC §2 Login "with query parameters"). */
export function loginParams(search: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(search);
  params.delete(REQUEST_PARAM);
  params.delete(DENIED_PARAM);
  return params;
}

export function hasLoginParams(search: URLSearchParams): boolean {
  return loginParams(search).size > 0;
}

/**
 * Only addresses inside the app are remembered, never another site and never the login route itself, read
 * as the router reads it (contract `isLoginPath`): `/Login?token=…` or `/./login?token=…` would exchange a
 * token of someone else's account once the dashboard leads there (issue 30).
 */
export function safeInternalPath(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if ([...value].some((char) => char.charCodeAt(0) < 0x20)) return null;
  return isLoginPath(value) ? null : value;
}
