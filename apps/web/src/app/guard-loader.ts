import { type LoaderFunctionArgs, replace } from 'react-router';
import { session } from '../lib/portal';
import { isAuthenticated } from '../lib/session';
import { decideRoute } from './route-guard';
import type { RouteMeta } from './route-table';

/** Applies the route guard before a route renders; waits for the session restored at start-up. */
export async function guardRoute(route: RouteMeta, request: Request): Promise<void> {
  await session.restore();
  const state = session.state.get();
  const decision = decideRoute({
    route,
    search: new URL(request.url).searchParams,
    user: isAuthenticated(state) ? state.user : null,
    rememberedRequest: session.rememberedRequest(),
  });
  if (decision.remember) session.rememberRequest(decision.remember);
  if (decision.clearRemembered) session.rememberRequest(null);
  if (decision.redirectTo) throw replace(decision.redirectTo);
}

export function guardLoader(route: RouteMeta) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    await guardRoute(route, request);
    return null;
  };
}
