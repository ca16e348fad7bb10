import { type LoaderFunctionArgs, replace } from 'react-router';
import { session } from '../portal';
import { isAuthenticated, SessionUnavailableError } from '../session';
import { deniedRequest } from './denied-request';
import { decideRoute } from './route-guard';
import type { RouteMeta } from './route-table';

/**
 * Applies the route guard before a route renders; waits for the session restored at start-up. A stored
 * session whose profile could not be read stays stored: the route shows why, with a retry (issue 30).
 */
export async function guardRoute(route: RouteMeta, request: Request): Promise<void> {
  const restored = await session.restore();
  if (restored.kind === 'unavailable') throw new SessionUnavailableError(restored.error);
  const state = session.state.get();
  const url = new URL(request.url);
  const decision = decideRoute({
    route,
    requested: requestedAddress(url),
    search: url.searchParams,
    user: isAuthenticated(state) ? state.user : null,
    rememberedRequest: session.rememberedRequest(),
  });
  if (decision.remember) session.rememberRequest(decision.remember);
  if (decision.clearRemembered) session.rememberRequest(null);
  if (decision.denied) deniedRequest.set(decision.denied);
  if (decision.redirectTo) throw replace(decision.redirectTo);
}

/**
 * Path, query and hash of the address asked for. The router leaves the hash out of the loader's request;
 * on the first load (a deep link typed or passed in by the host page) the address bar still holds it.
 */
function requestedAddress(url: URL): string {
  const path = url.pathname + url.search;
  const current = window.location;
  return current.pathname + current.search === path ? path + current.hash : path;
}

export function guardLoader(route: RouteMeta) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    await guardRoute(route, request);
    return null;
  };
}
