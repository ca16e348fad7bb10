import { API, type TProfile, ZProfile, ZTokenPair } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { de } from '../i18n/de';
import { createActivity } from './activity';
import { createApiClient } from './api-client';
import { refusedAsNull } from './api-error';
import { createSession, type LogoutReason, TOKEN_LIFETIME_MS } from './session';
import { createMemoryStorage, type KeyValueStorage } from './storage';

const PROFILE: TProfile = {
  id: 1,
  username: 'admin',
  email: null,
  company: null,
  roles: ['ROLE_ADMIN'],
  groups: [],
};

type Answer = Response | 'offline';

interface ServerOptions {
  /** The answer to the n-th profile request (from 1); default the profile. */
  profile?: (n: number) => Answer;
  /** The answer to the n-th refresh request (from 1); default a fresh pair. */
  refresh?: (n: number) => Answer;
}

/**
 * The session and the API client wired as in lib/portal.ts, against a stub server. Like a browser on a page
 * opened as `http://user@host/`, the stub refuses an address that is not absolute: the page's own address,
 * with the credentials, would be the base of a relative one (issue 30).
 */
function wired(options: ServerOptions = {}, storage: KeyValueStorage = createMemoryStorage()) {
  const clock = { now: 5_000_000 };
  const requests: { path: string; authorization: string | null; spinner: boolean }[] = [];
  const activity = createActivity();
  const count = { profile: 0, refresh: 0 };
  const answer = (result: Answer): Response => {
    if (result === 'offline') throw new TypeError('Failed to fetch');
    return result;
  };
  const server = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const address = String(input);
    if (!/^https?:\/\//.test(address)) {
      throw new TypeError('Request cannot be constructed from a URL that includes credentials');
    }
    const path = new URL(address).pathname;
    requests.push({
      path,
      authorization: new Headers(init?.headers).get('Authorization'),
      spinner: activity.pending.get() > 0,
    });
    if (path === API.refresh) {
      count.refresh += 1;
      return answer(
        options.refresh?.(count.refresh) ?? Response.json({ token: 'fresh', refreshToken: 'r2' }),
      );
    }
    if (path === API.profile) {
      count.profile += 1;
      return answer(options.profile?.(count.profile) ?? Response.json(PROFILE));
    }
    return Response.json({ path });
  };
  const session = createSession({
    storage,
    now: () => clock.now,
    requestRefresh: (refreshToken) =>
      api
        .post(API.refresh, { refreshToken }, { hideSpinner: true, silent: true, schema: ZTokenPair })
        .catch(refusedAsNull),
    requestProfile: () => api.get(API.profile, { silent: true, schema: ZProfile }),
  });
  const errors: string[] = [];
  const api = createApiClient({
    fetch: server,
    getToken: () => session.getValidToken(),
    renewToken: (rejected) => session.renew(rejected),
    activity,
    onError: (message) => errors.push(message),
    onUnauthorized: () => session.logout('expired'),
  });
  const reasons: LogoutReason[] = [];
  session.onLogout((reason) => reasons.push(reason));
  return { api, session, clock, requests, storage, errors, reasons };
}

function storeSession(storage: KeyValueStorage, expiresAt: number): void {
  storage.set('token', 'old');
  storage.set('refresh_token', 'r1');
  storage.set('expires_at', String(expiresAt));
}

const refused = () => Response.json({ detail: 'Ihre Sitzung ist abgelaufen.' }, { status: 401 });

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
    storeSession(storage, clock.now - 1);
    expect(await session.restore()).toEqual({ kind: 'restored' });
    expect(session.state.get().token).toBe('fresh');
    expect(session.state.get().user?.username).toBe('admin');
  });

  it('ends the session when the server refuses the refresh token', async () => {
    const { api, session, clock, reasons } = wired({ refresh: refused });
    await session.login({ token: 'old', refreshToken: 'r1' });
    clock.now += TOKEN_LIFETIME_MS + 1;
    await api.get('/api/blog/').catch(() => undefined);
    expect(session.state.get().token).toBeNull();
    expect(reasons).toEqual(['expired']);
  });
});

// issue 30: a failed profile request at start-up logged the member out in every tab; only a 401 after a
// refresh attempt ends a session. The other failures keep it, and the next attempt uses it.
describe('a session at start-up when the network fails', () => {
  it('keeps the session in this tab and the other when the server cannot be reached', async () => {
    const storage = createMemoryStorage();
    let online = false;
    const tab = wired({ profile: () => (online ? Response.json(PROFILE) : 'offline') }, storage);
    storeSession(storage, tab.clock.now + 1000);
    const result = await tab.session.restore();
    expect(result).toMatchObject({ kind: 'unavailable', error: { message: de.errors.network } });
    expect(tab.reasons).toEqual([]);
    expect(storage.get('token')).toBe('old');
    expect(storage.get('refresh_token')).toBe('r1');

    const other = wired({}, storage);
    expect(await other.session.restore()).toEqual({ kind: 'restored' });
    online = true;
    expect(await tab.session.restore()).toEqual({ kind: 'restored' });
    expect(tab.session.state.get().user?.username).toBe('admin');
  });

  it.each([500, 502, 503, 429])('keeps the session when the profile answers %i', async (status) => {
    const { session, storage, clock, reasons } = wired({
      profile: () => Response.json({ detail: 'Später' }, { status }),
    });
    storeSession(storage, clock.now + 1000);
    expect(await session.restore()).toMatchObject({ kind: 'unavailable', error: { status } });
    expect(reasons).toEqual([]);
    expect(storage.get('refresh_token')).toBe('r1');
  });

  it('keeps the session when the refresh at start cannot reach the server', async () => {
    const { session, storage, clock, reasons } = wired({ refresh: () => 'offline' });
    storeSession(storage, clock.now - 1);
    expect(await session.restore()).toMatchObject({ kind: 'unavailable' });
    expect(reasons).toEqual([]);
    expect(storage.get('refresh_token')).toBe('r1');
  });

  it('keeps the session when the refresh answers 503', async () => {
    const { api, session, clock, reasons, errors } = wired({
      refresh: () => Response.json({ detail: 'Der Dienst ist gerade nicht verfügbar.' }, { status: 503 }),
    });
    await session.login({ token: 'old', refreshToken: 'r1' });
    clock.now += TOKEN_LIFETIME_MS + 1;
    await expect(api.get('/api/blog/')).rejects.toThrow('Der Dienst ist gerade nicht verfügbar.');
    expect(errors).toEqual(['Der Dienst ist gerade nicht verfügbar.']);
    expect(reasons).toEqual([]);
    expect(session.state.get().refreshToken).toBe('r1');
  });

  it('repeats a refused profile request once with a refreshed token', async () => {
    const { session, storage, clock, requests } = wired({
      profile: (n) => (n === 1 ? refused() : Response.json(PROFILE)),
    });
    storeSession(storage, clock.now + 1000);
    expect(await session.restore()).toEqual({ kind: 'restored' });
    expect(requests.map((request) => [request.path, request.authorization])).toEqual([
      [API.profile, 'BEARER old'],
      [API.refresh, null],
      [API.profile, 'BEARER fresh'],
    ]);
  });

  it('ends the session only after the refresh is refused too', async () => {
    const { session, storage, clock, requests } = wired({ profile: refused, refresh: refused });
    storeSession(storage, clock.now + 1000);
    expect(await session.restore()).toEqual({ kind: 'ended' });
    expect(requests.map((request) => request.path)).toEqual([API.profile, API.refresh]);
    expect(storage.get('token')).toBeNull();
    expect(storage.get('refresh_token')).toBeNull();
  });

  it('ends the session when the refreshed token is refused too', async () => {
    const { session, storage, clock, requests } = wired({ profile: refused });
    storeSession(storage, clock.now + 1000);
    expect(await session.restore()).toEqual({ kind: 'ended' });
    expect(requests.map((request) => request.path)).toEqual([API.profile, API.refresh, API.profile]);
    expect(storage.get('refresh_token')).toBeNull();
  });
});
