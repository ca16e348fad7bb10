import { API } from '@portal/contract';
import { type LoaderFunctionArgs, replace } from 'react-router';
import { api, session, tokenPairSchema } from '../../lib/portal';
import { guardRoute } from '../../lib/routing/guard-loader';
import { loginParams } from '../../lib/routing/route-guard';
import { DASHBOARD_PATH, ROUTES } from '../../lib/routing/route-table';

export interface LoginLoaderData {
  /** The login link in the address could not be exchanged for a session. */
  failed: boolean;
}

/**
 * SPEC §2 Login: with query parameters, log in with them (GET /api/auth/login?…) and go to the dashboard,
 * replacing the address so the single-use token leaves the address bar and the history.
 */
export async function loginLoader({ request }: LoaderFunctionArgs): Promise<LoginLoaderData> {
  await guardRoute(ROUTES.login, request);
  const params = loginParams(new URL(request.url).searchParams);
  if (params.size === 0) return { failed: false };
  try {
    const pair = await api.get(`${API.login}?${params.toString()}`, {
      silent: true,
      schema: tokenPairSchema,
    });
    await session.login(pair);
  } catch {
    return { failed: true };
  }
  throw replace(DASHBOARD_PATH);
}
