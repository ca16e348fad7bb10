import { API, type TProfile, ZProfile, ZTokenPair } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { createActivity } from './activity';
import { createApiClient } from './api-client';
import { createSession, TOKEN_LIFETIME_MS } from './session';
import { createMemoryStorage } from './storage';

const PROFILE: TProfile = {
  id: 1,
  username: 'admin',
  email: null,
  company: null,
  roles: ['ROLE_ADMIN'],
  groups: [],
};

/** The session and the API client wired as in lib/portal.ts, against a stub server. */
function wired() {
  const clock = { now: 5_000_000 };
  const requests: { path: string; authorization: string | null; spinner: boolean }[] = [];
  const activity = createActivity();
  let refreshOk = true;
  const server = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = String(input);
    requests.push({
      path,
      authorization: new Headers(init?.headers).get('Authorization'),
      spinner: activity.pending.get() > 0,
    });
    if (path === API.refresh) {
      return refreshOk
        ? Response.json({ token: 'fresh', refreshToken: 'r2' })
        : Response.json({}, { status: 401 });
    }
    if (path === API.profile) return Response.json(PROFILE);
    return Response.json({ path });
  };
  const storage = createMemoryStorage();
  const session = createSession({
    storage,
    now: () => clock.now,
    requestRefresh: (refreshToken) =>
      api.post(API.refresh, { refreshToken }, { hideSpinner: true, silent: true, schema: ZTokenPair }),
    requestProfile: () => api.get(API.profile, { silent: true, schema: ZProfile }),
  });
  const api = createApiClient({
    fetch: server,
    getToken: () => session.getValidToken(),
    activity,
    onError: () => {},
    onUnauthorized: () => session.logout('expired'),
  });
  return {
    api,
    session,
    clock,
    requests,
    storage,
    failRefresh: () => {
      refreshOk = false;
    },
  };
}

describe('session and api client together', () => {
  it('refreshes an expired token before the call and sends the new one', async () => {
    const { api, session, clock, requests } = wired();
    await session.login({ token: 'old', refreshToken: 'r1' });
    clock.now += TOKEN_LIFETIME_MS + 1;
    await api.get('/api/blog/');
    const paths = requests.map((request) => request.path);
    expect(paths.slice(-2)).toEqual([API.refresh, '/api/blog/']);
    expect(requests.at(-2)?.authorization).toBeNull();
    expect(requests.at(-1)?.authorization).toBe('BEARER fresh');
  });

  it('refreshes once for many concurrent calls', async () => {
    const { api, session, clock, requests } = wired();
    await session.login({ token: 'old', refreshToken: 'r1' });
    clock.now += TOKEN_LIFETIME_MS + 1;
    await Promise.all([api.get('/api/blog/'), api.get('/api/event/'), api.get('/api/forum')]);
    expect(requests.filter((request) => request.path === API.refresh)).toHaveLength(1);
  });

  it('restores an expired stored session through a refresh', async () => {
    const { session, storage, clock } = wired();
    storage.set('token', 'old');
    storage.set('refresh_token', 'r1');
    storage.set('expires_at', String(clock.now - 1));
    await session.restore();
    expect(session.state.get().token).toBe('fresh');
    expect(session.state.get().user?.username).toBe('admin');
  });

  it('ends the session when the refresh fails', async () => {
    const { api, session, clock, failRefresh } = wired();
    await session.login({ token: 'old', refreshToken: 'r1' });
    clock.now += TOKEN_LIFETIME_MS + 1;
    failRefresh();
    const reasons: string[] = [];
    session.onLogout((reason) => reasons.push(reason));
    await api.get('/api/blog/').catch(() => undefined);
    expect(session.state.get().token).toBeNull();
    expect(reasons).toEqual(['expired']);
  });
});
