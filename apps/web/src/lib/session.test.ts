import type { TProfile, TTokenPair } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  createSession,
  isAuthenticated,
  type LogoutReason,
  type SessionDeps,
  TOKEN_LIFETIME_MS,
} from './session';
import { createMemoryStorage, type KeyValueStorage } from './storage';

const PROFILE: TProfile = {
  id: 1,
  username: 'mitglied',
  email: null,
  company: null,
  roles: ['ROLE_USER', 'ROLE_PARTNER'],
  groups: [],
};

interface Harness {
  deps: SessionDeps;
  storage: KeyValueStorage;
  clock: { now: number };
  refreshCalls: string[];
}

function harness(overrides: Partial<SessionDeps> = {}): Harness {
  const storage = createMemoryStorage();
  const clock = { now: 1_000_000 };
  const refreshCalls: string[] = [];
  let counter = 0;
  const deps: SessionDeps = {
    storage,
    now: () => clock.now,
    requestRefresh: async (refreshToken) => {
      refreshCalls.push(refreshToken);
      counter += 1;
      await Promise.resolve();
      return { token: `token-${counter}`, refreshToken: `refresh-${counter}` };
    },
    requestProfile: async () => PROFILE,
    ...overrides,
  };
  return { deps, storage, clock, refreshCalls };
}

function storeSession(storage: KeyValueStorage, pair: TTokenPair, expiresAt: number): void {
  storage.set('token', pair.token);
  storage.set('refresh_token', pair.refreshToken);
  storage.set('expires_at', String(expiresAt));
}

describe('session', () => {
  it('stores token, refresh token and an expiry of now + 2,000,000 ms after login', async () => {
    const { deps, storage, clock } = harness();
    const session = createSession(deps);
    await session.login({ token: 't1', refreshToken: 'r1' });
    expect(storage.get('token')).toBe('t1');
    expect(storage.get('refresh_token')).toBe('r1');
    expect(storage.get('expires_at')).toBe(String(clock.now + TOKEN_LIFETIME_MS));
    expect(TOKEN_LIFETIME_MS).toBe(2_000_000);
    expect(isAuthenticated(session.state.get())).toBe(true);
  });

  it('restores the stored session and fetches the profile', async () => {
    const { deps, storage, clock } = harness();
    storeSession(storage, { token: 't1', refreshToken: 'r1' }, clock.now + 1000);
    const session = createSession(deps);
    await session.restore();
    const state = session.state.get();
    expect(state.token).toBe('t1');
    expect(state.user?.username).toBe('mitglied');
  });

  // issue 30: a failed profile request at start-up (offline, an address with user@host, a 5xx or 429) logged the
  // member out in every tab; only a 401 after a refresh attempt ends a session.
  it('keeps the stored session when the profile cannot be fetched at start, and tries again', async () => {
    let failures = 1;
    const { deps, storage, clock } = harness({
      requestProfile: async () => {
        if (failures-- > 0) throw new Error('Der Server ist nicht erreichbar.');
        return PROFILE;
      },
    });
    storeSession(storage, { token: 't1', refreshToken: 'r1' }, clock.now + 1000);
    const session = createSession(deps);
    const reasons: LogoutReason[] = [];
    session.onLogout((reason) => reasons.push(reason));
    const first = await session.restore();
    expect(first).toMatchObject({
      kind: 'unavailable',
      error: new Error('Der Server ist nicht erreichbar.'),
    });
    expect(session.state.get()).toEqual({
      token: 't1',
      refreshToken: 'r1',
      expiresAt: clock.now + 1000,
      user: null,
    });
    expect(storage.get('token')).toBe('t1');
    expect(storage.get('refresh_token')).toBe('r1');
    expect(reasons).toEqual([]);
    expect(await session.restore()).toEqual({ kind: 'restored' });
    expect(isAuthenticated(session.state.get())).toBe(true);
  });

  it('reports a session that ended while the profile was read (a 401 after a refresh attempt)', async () => {
    const { deps, storage, clock } = harness();
    const session = createSession({
      ...deps,
      requestProfile: async () => {
        session.logout('ended');
        throw new Error('401');
      },
    });
    storeSession(storage, { token: 't1', refreshToken: 'r1' }, clock.now + 1000);
    expect(await session.restore()).toEqual({ kind: 'ended' });
    expect(storage.get('token')).toBeNull();
    expect(await session.restore()).toEqual({ kind: 'ended' });
  });

  it('restores nothing without stored credentials', async () => {
    const { deps } = harness();
    expect(await createSession(deps).restore()).toEqual({ kind: 'none' });
  });

  it('returns the current token while it has not expired', async () => {
    const { deps, refreshCalls } = harness();
    const session = createSession(deps);
    await session.login({ token: 't1', refreshToken: 'r1' });
    expect(await session.getValidToken()).toBe('t1');
    expect(refreshCalls).toEqual([]);
  });

  it('refreshes an expired token and stores the new pair and expiry', async () => {
    const { deps, storage, clock, refreshCalls } = harness();
    const session = createSession(deps);
    await session.login({ token: 't1', refreshToken: 'r1' });
    clock.now += TOKEN_LIFETIME_MS + 1;
    expect(await session.getValidToken()).toBe('token-1');
    expect(refreshCalls).toEqual(['r1']);
    expect(storage.get('refresh_token')).toBe('refresh-1');
    expect(storage.get('expires_at')).toBe(String(clock.now + TOKEN_LIFETIME_MS));
  });

  it('makes one refresh request for concurrent callers', async () => {
    const { deps, clock, refreshCalls } = harness();
    const session = createSession(deps);
    await session.login({ token: 't1', refreshToken: 'r1' });
    clock.now += TOKEN_LIFETIME_MS + 1;
    const tokens = await Promise.all([session.getValidToken(), session.getValidToken(), session.refresh()]);
    expect(tokens).toEqual(['token-1', 'token-1', 'token-1']);
    expect(refreshCalls).toHaveLength(1);
    clock.now += TOKEN_LIFETIME_MS + 1;
    expect(await session.getValidToken()).toBe('token-2');
    expect(refreshCalls).toEqual(['r1', 'refresh-1']);
  });

  it('logs out and returns no token when the server refuses the refresh token', async () => {
    const { deps, storage, clock } = harness({ requestRefresh: async () => null });
    const session = createSession(deps);
    const reasons: LogoutReason[] = [];
    session.onLogout((reason) => reasons.push(reason));
    await session.login({ token: 't1', refreshToken: 'r1' });
    clock.now += TOKEN_LIFETIME_MS + 1;
    const results = await Promise.all([session.getValidToken(), session.getValidToken()]);
    expect(results).toEqual([null, null]);
    expect(reasons).toEqual(['expired']);
    expect(session.state.get().token).toBeNull();
    expect(storage.get('token')).toBeNull();
  });

  it('keeps the session when the refresh fails on the way, and the caller learns why', async () => {
    const { deps, storage, clock } = harness({
      requestRefresh: async () => {
        throw new Error('Der Server ist nicht erreichbar.');
      },
    });
    const session = createSession(deps);
    const reasons: LogoutReason[] = [];
    session.onLogout((reason) => reasons.push(reason));
    await session.login({ token: 't1', refreshToken: 'r1' });
    clock.now += TOKEN_LIFETIME_MS + 1;
    await expect(session.getValidToken()).rejects.toThrow('Der Server ist nicht erreichbar.');
    expect(reasons).toEqual([]);
    expect(session.state.get()).toMatchObject({ token: 't1', refreshToken: 'r1' });
    expect(storage.get('refresh_token')).toBe('r1');
  });

  it('renews a refused token by a refresh, or with the one another call renewed meanwhile', async () => {
    const { deps, refreshCalls } = harness();
    const session = createSession(deps);
    await session.login({ token: 't1', refreshToken: 'r1' });
    expect(await session.renew('t1')).toBe('token-1');
    expect(await session.renew('t1')).toBe('token-1');
    expect(refreshCalls).toEqual(['r1']);
  });

  it('takes the profile it is given at login instead of asking again', async () => {
    let asked = 0;
    const { deps } = harness({
      requestProfile: async () => {
        asked += 1;
        return PROFILE;
      },
    });
    const session = createSession(deps);
    const other = { ...PROFILE, id: 2, username: 'kollege' };
    expect(await session.login({ token: 't1', refreshToken: 'r1' }, other)).toBe(other);
    expect(session.state.get().user).toBe(other);
    expect(asked).toBe(0);
  });

  it('uses a token another tab refreshed instead of reusing the rotated refresh token', async () => {
    const { deps, storage, clock, refreshCalls } = harness();
    const session = createSession(deps);
    await session.login({ token: 't1', refreshToken: 'r1' });
    clock.now += TOKEN_LIFETIME_MS + 1;
    storeSession(storage, { token: 'other-tab', refreshToken: 'r2' }, clock.now + 5000);
    expect(await session.getValidToken()).toBe('other-tab');
    expect(refreshCalls).toEqual([]);
  });

  it('ignores a refresh answer that arrives after logout', async () => {
    let release: (pair: TTokenPair) => void = () => {};
    const { deps, storage, clock } = harness({
      requestRefresh: () => new Promise<TTokenPair>((resolve) => (release = resolve)),
    });
    const session = createSession(deps);
    await session.login({ token: 't1', refreshToken: 'r1' });
    clock.now += TOKEN_LIFETIME_MS + 1;
    const pending = session.getValidToken();
    await Promise.resolve();
    session.logout('user');
    release({ token: 'late', refreshToken: 'late-r' });
    expect(await pending).toBeNull();
    expect(storage.get('token')).toBeNull();
  });

  it('notifies logout listeners with the reason only when there was a session', async () => {
    const { deps } = harness();
    const session = createSession(deps);
    const reasons: LogoutReason[] = [];
    session.onLogout((reason) => reasons.push(reason));
    session.logout('user');
    await session.login({ token: 't1', refreshToken: 'r1' });
    session.logout('user');
    expect(reasons).toEqual(['user']);
  });
});
