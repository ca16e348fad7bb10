import { API, type TProfile, type TTokenPair } from '@portal/contract';
import { createActivity } from './activity';
import { createApiClient } from './api-client';
import { refusedAsNull } from './api-error';
import { createSession } from './session';
import { browserLocalStorage, createSafeStorage } from './storage';

/**
 * The app's single instances of session, API client and request activity, wired to each other.
 * Features use `api` for every call; the frame subscribes to `activity` (spinner) and sets the error sink.
 */
/** The token pair's schema, loaded with zod on the first call that needs it (not in the first load). */
export const tokenPairSchema = async () => (await import('./session-schemas')).ZTokenPair;
/** The profile's schema, loaded like the token pair's. */
export const profileSchema = async () => (await import('./session-schemas')).ZProfile;

let showError: (message: string) => void = (message) => console.error(message);

/** The frame routes failed calls to the red banner with this. */
export function setErrorSink(sink: (message: string) => void): void {
  showError = sink;
}

export const activity = createActivity();

export const session = createSession({
  storage: createSafeStorage(browserLocalStorage),
  now: () => Date.now(),
  requestRefresh: (refreshToken): Promise<TTokenPair | null> =>
    api
      .post(API.refresh, { refreshToken }, { hideSpinner: true, silent: true, schema: tokenPairSchema })
      .catch(refusedAsNull),
  requestProfile: (): Promise<TProfile> => api.get(API.profile, { silent: true, schema: profileSchema }),
});

export const api = createApiClient({
  fetch: (input, init) => fetch(input, init),
  getToken: () => session.getValidToken(),
  renewToken: (rejected) => session.renew(rejected),
  activity,
  onError: (message) => showError(message),
  onUnauthorized: () => session.logout(session.state.get().user ? 'expired' : 'ended'),
});

/**
 * Ends the signed-in session on the server, as logging out does (POST /api/auth/logout with its refresh
 * token, so that only this session's family ends). A failure is ignored: the app drops the tokens anyway.
 */
export async function endSessionOnServer(): Promise<void> {
  const { refreshToken } = session.state.get();
  await api.post(API.logout, refreshToken ? { refreshToken } : {}, { silent: true }).catch(() => undefined);
}
