import { API, APP_PATHS } from '@portal/contract';
import { type LoaderFunctionArgs, replace } from 'react-router';
import { api, endSessionOnServer, profileSchema, session, tokenPairSchema } from '../../lib/portal';
import { guardRoute } from '../../lib/routing/guard-loader';
import { loginParams } from '../../lib/routing/route-guard';
import { ROUTES } from '../../lib/routing/route-table';
import { isAuthenticated } from '../../lib/session';
import { getSettings, isLoginFormOrigin } from '../../lib/settings';
import { hostPageRedirect } from './lib/host-page-redirect';
import { type AccountSwitch, type LoginLinkDeps, openLoginLink } from './lib/login-link';

export interface LoginLoaderData {
  /** The login link in the address could not be exchanged for a session. */
  failed: boolean;
  /** A login link of another account than the signed-in one: the page asks first (issue 30). */
  question?: AccountSwitch;
}

/** The login link's calls through the app's API client and session. */
export const loginLinkDeps: LoginLinkDeps = {
  exchange: (params) =>
    api.get(`${API.login}?${params.toString()}`, { silent: true, schema: tokenPairSchema }),
  profileOf: (token) => api.get(API.profile, { silent: true, token, schema: profileSchema }),
  revoke: (pair) =>
    api.post(API.logout, { refreshToken: pair.refreshToken }, { silent: true, token: pair.token }).then(
      () => undefined,
      () => undefined,
    ),
  revokeCurrent: endSessionOnServer,
  session,
};

/**
 * SPEC §2 Login: with query parameters, log in with them (GET /api/auth/login?…) and go to the dashboard,
 * replacing the address so the single-use token leaves the address bar and the history.
 */
export async function loginLoader({ request }: LoaderFunctionArgs): Promise<LoginLoaderData> {
  await guardRoute(ROUTES.login, request);
  const params = loginParams(new URL(request.url).searchParams);
  if (params.size === 0) {
    leaveForHostPage();
    return { failed: false };
  }
  const result = await openLoginLink(params, loginLinkDeps);
  if (result.kind === 'failed') return { failed: true };
  if (result.kind === 'ask') return { failed: false, question: result.question };
  throw replace(APP_PATHS.dashboard);
}

/** Issue 31: without a session and without a form here, the host page is where a member signs in. */
function leaveForHostPage(): void {
  if (isAuthenticated(session.state.get())) return;
  const settings = getSettings();
  const away = hostPageRedirect({
    hostPageUrl: settings.hostPageUrl,
    framed: window.parent !== window,
    formAllowed: isLoginFormOrigin(settings, window.location.origin),
    requested: session.rememberedRequest(),
  });
  if (away) throw replace(away);
}
