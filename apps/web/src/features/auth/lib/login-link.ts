import type { TProfile, TTokenPair } from '@portal/contract';
import type { Session } from '../../../lib/session';

/**
 * A login link opened while another account is signed in (issue 30): anyone can hand over the one-time link
 * of an account they control, so the member is asked before the session changes accounts.
 */
export interface AccountSwitch {
  current: TProfile;
  next: TProfile;
  /** The link's session, started on the server but not yet used by the app. */
  pair: TTokenPair;
}

export type LoginLinkResult =
  | { kind: 'failed' }
  | { kind: 'signed-in' }
  | { kind: 'ask'; question: AccountSwitch };

export interface LoginLinkDeps {
  /** Exchanges the link's parameters for a token pair (GET /api/auth/login?…). */
  exchange: (params: URLSearchParams) => Promise<TTokenPair>;
  /** The profile of the account a token belongs to, read with that token. */
  profileOf: (token: string) => Promise<TProfile>;
  /** Ends a pair's session on the server (logout with its tokens); never rejects. */
  revoke: (pair: TTokenPair) => Promise<void>;
  /** Ends the signed-in session on the server, as logging out does; never rejects. */
  revokeCurrent: () => Promise<void>;
  session: Pick<Session, 'state' | 'login' | 'rememberRequest'>;
}

/**
 * SPEC §2 Login with a link: without a session, log in. With one, read whose link it is first: the same
 * account keeps its session (the link's is ended), another account is a question for the member.
 */
export async function openLoginLink(params: URLSearchParams, deps: LoginLinkDeps): Promise<LoginLinkResult> {
  let pair: TTokenPair;
  try {
    pair = await deps.exchange(params);
  } catch {
    return { kind: 'failed' };
  }
  const current = deps.session.state.get().user;
  if (current === null) {
    try {
      await deps.session.login(pair);
      return { kind: 'signed-in' };
    } catch {
      return { kind: 'failed' };
    }
  }
  let next: TProfile;
  try {
    next = await deps.profileOf(pair.token);
  } catch {
    void deps.revoke(pair);
    return { kind: 'failed' };
  }
  if (next.id !== current.id) return { kind: 'ask', question: { current, next, pair } };
  void deps.revoke(pair);
  return { kind: 'signed-in' };
}

/**
 * The member's answer. Yes: the current session ends as at logout and the link's account is signed in.
 * No: the link's session ends, the current one stays, and the link's remembered address is forgotten.
 */
export async function answerAccountSwitch(
  question: AccountSwitch,
  switchAccount: boolean,
  deps: LoginLinkDeps,
): Promise<void> {
  if (!switchAccount) {
    deps.session.rememberRequest(null);
    await deps.revoke(question.pair);
    return;
  }
  await deps.revokeCurrent();
  await deps.session.login(question.pair, question.next);
}
