import type { TProfile, TTokenPair } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { createSession, isAuthenticated } from '../../../lib/session';
import { createMemoryStorage } from '../../../lib/storage';
import { answerAccountSwitch, type LoginLinkDeps, openLoginLink } from './login-link';

const ADMIN: TProfile = {
  id: 1,
  username: 'admin',
  email: null,
  company: null,
  roles: ['ROLE_ADMIN'],
  groups: [],
};
const MEMBER: TProfile = { ...ADMIN, id: 7, username: 'mitglied', roles: ['ROLE_USER', 'ROLE_PARTNER'] };
const ADMIN_PAIR: TTokenPair = { token: 'admin-token', refreshToken: 'admin-refresh' };
const LINK_PAIR: TTokenPair = { token: 'link-token', refreshToken: 'link-refresh' };

/** A session (signed in as admin unless `signedIn` is false) and stub calls that record what happened. */
async function setup({ signedIn = true, linkOf = MEMBER, failing = '' } = {}) {
  const storage = createMemoryStorage();
  const calls: string[] = [];
  const session = createSession({
    storage,
    now: () => 1_000_000,
    requestRefresh: async () => null,
    requestProfile: async () => {
      calls.push('profile');
      return ADMIN;
    },
  });
  if (signedIn) await session.login(ADMIN_PAIR, ADMIN);
  const deps: LoginLinkDeps = {
    exchange: async (params) => {
      calls.push(`exchange ${params}`);
      if (failing === 'exchange') throw new Error('401');
      return LINK_PAIR;
    },
    profileOf: async (token) => {
      calls.push(`profileOf ${token}`);
      if (failing === 'profile') throw new Error('offline');
      return linkOf;
    },
    revoke: async (pair) => {
      calls.push(`revoke ${pair.token}`);
    },
    revokeCurrent: async () => {
      calls.push(`revoke current ${session.state.get().token}`);
    },
    session,
  };
  return { deps, session, storage, calls };
}

const params = new URLSearchParams({ token: 'T' });

describe('a login link', () => {
  it('signs in when no session is there', async () => {
    const { deps, session, calls } = await setup({ signedIn: false });
    expect(await openLoginLink(params, deps)).toEqual({ kind: 'signed-in' });
    expect(session.state.get()).toMatchObject({ token: 'link-token', user: ADMIN });
    expect(calls).toEqual(['exchange token=T', 'profile']);
  });

  it('keeps the session of the same account and ends the one the link started', async () => {
    const { deps, session, storage, calls } = await setup({ linkOf: ADMIN });
    expect(await openLoginLink(params, deps)).toEqual({ kind: 'signed-in' });
    expect(session.state.get().token).toBe('admin-token');
    expect(storage.get('refresh_token')).toBe('admin-refresh');
    expect(calls).toEqual(['exchange token=T', 'profileOf link-token', 'revoke link-token']);
  });

  // issue 30: a member's link, clicked by an admin, signed the admin in as the member's account.
  it("asks before switching to another account, and the session stays the admin's meanwhile", async () => {
    const { deps, session, storage } = await setup();
    expect(await openLoginLink(params, deps)).toEqual({
      kind: 'ask',
      question: { current: ADMIN, next: MEMBER, pair: LINK_PAIR },
    });
    expect(session.state.get()).toMatchObject({ token: 'admin-token', user: ADMIN });
    expect(storage.get('token')).toBe('admin-token');
  });

  it('keeps the admin signed in on "no", ends the link\'s session and forgets its address', async () => {
    const { deps, session, storage, calls } = await setup();
    session.rememberRequest('/forum/3');
    const result = await openLoginLink(params, deps);
    if (result.kind !== 'ask') throw new Error('no question');
    await answerAccountSwitch(result.question, false, deps);
    expect(isAuthenticated(session.state.get())).toBe(true);
    expect(session.state.get()).toMatchObject({ token: 'admin-token', user: ADMIN });
    expect(storage.get('refresh_token')).toBe('admin-refresh');
    expect(session.rememberedRequest()).toBeNull();
    expect(calls.at(-1)).toBe('revoke link-token');
  });

  it('ends the admin session and signs the other account in on "yes"', async () => {
    const { deps, session, storage, calls } = await setup();
    const result = await openLoginLink(params, deps);
    if (result.kind !== 'ask') throw new Error('no question');
    await answerAccountSwitch(result.question, true, deps);
    expect(session.state.get()).toMatchObject({ token: 'link-token', user: MEMBER });
    expect(storage.get('refresh_token')).toBe('link-refresh');
    expect(calls).toEqual(['exchange token=T', 'profileOf link-token', 'revoke current admin-token']);
  });

  it('fails without touching the session when the link is refused', async () => {
    const { deps, session, calls } = await setup({ failing: 'exchange' });
    expect(await openLoginLink(params, deps)).toEqual({ kind: 'failed' });
    expect(session.state.get().token).toBe('admin-token');
    expect(calls).toEqual(['exchange token=T']);
  });

  it("fails, keeps the admin and ends the link's session when its account cannot be read", async () => {
    const { deps, session, calls } = await setup({ failing: 'profile' });
    expect(await openLoginLink(params, deps)).toEqual({ kind: 'failed' });
    expect(session.state.get().token).toBe('admin-token');
    expect(calls.at(-1)).toBe('revoke link-token');
  });
});
