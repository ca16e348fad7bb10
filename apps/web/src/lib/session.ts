import type { TProfile, TTokenPair } from '@portal/contract';
import { createStore, type Store } from './external-store';
import type { KeyValueStorage } from './storage';

/** Session of SPEC §3 "Auth state" and §4 "Session"; pure apart from the injected dependencies. */
const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refresh_token',
  expiresAt: 'expires_at',
} as const;

/** SPEC §9: the client assumes a token lifetime of 2,000,000 ms. */
export const TOKEN_LIFETIME_MS = 2_000_000;

export interface SessionState {
  token: string | null;
  refreshToken: string | null;
  expiresAt: number | null;
  user: TProfile | null;
}

/** 'expired': a loaded session was lost (refresh failed, token rejected); 'ended': anything else. */
export type LogoutReason = 'user' | 'expired' | 'ended';

/**
 * What restoring the stored session came to. Only a 401 after a refresh attempt ends a session (issue 30):
 * when the profile cannot be read for another reason (offline, a 5xx or 429, an answer that is no profile)
 * the session stays stored, for this tab and the others, and the next `restore()` tries again.
 */
type RestoreResult = { kind: 'none' | 'restored' | 'ended' } | { kind: 'unavailable'; error: unknown };

/** Thrown where a screen needs the stored session whose profile could not be read; it is kept. */
export class SessionUnavailableError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'SessionUnavailableError';
  }
}

export interface SessionDeps {
  storage: KeyValueStorage;
  now: () => number;
  /** Null when the server refuses the refresh token (401); rejects for any other failure. */
  requestRefresh: (refreshToken: string) => Promise<TTokenPair | null>;
  requestProfile: () => Promise<TProfile>;
}

export interface Session {
  readonly state: Store<SessionState>;
  /**
   * Loads stored credentials and the profile once; later calls return the same promise, unless the profile
   * could not be read: then the next call tries again.
   */
  restore(): Promise<RestoreResult>;
  /** Starts a session with a fresh pair; reads its profile unless it is given. */
  login(pair: TTokenPair, profile?: TProfile): Promise<TProfile>;
  /** The current token, refreshed first when it has expired; null without a session. */
  getValidToken(): Promise<string | null>;
  /**
   * One refresh at a time: concurrent callers share the pending request. Null when the session has ended
   * (the server refused the refresh token); a refresh that fails otherwise rejects and keeps the session.
   */
  refresh(): Promise<string | null>;
  /** The server refused `rejected`: a token to repeat the call with (refreshed unless renewed already), or null. */
  renew(rejected: string): Promise<string | null>;
  logout(reason: LogoutReason): void;
  onLogout(listener: (reason: LogoutReason) => void): () => void;
  /** SPEC §3 "Login redirect": the address to open once the dashboard is reached (memory only). */
  rememberRequest(path: string | null): void;
  rememberedRequest(): string | null;
}

const EMPTY: SessionState = { token: null, refreshToken: null, expiresAt: null, user: null };

export function isAuthenticated(state: SessionState): state is SessionState & { user: TProfile } {
  return state.token !== null && state.user !== null;
}

export function createSession(deps: SessionDeps): Session {
  const state = createStore<SessionState>(EMPTY);
  const logoutListeners = new Set<(reason: LogoutReason) => void>();
  let restoring: Promise<RestoreResult> | null = null;
  let pendingRefresh: Promise<string | null> | null = null;
  let generation = 0;
  let rememberedRequest: string | null = null;

  function storeTokens(pair: TTokenPair): void {
    const expiresAt = deps.now() + TOKEN_LIFETIME_MS;
    deps.storage.set(STORAGE_KEYS.token, pair.token);
    deps.storage.set(STORAGE_KEYS.refreshToken, pair.refreshToken);
    deps.storage.set(STORAGE_KEYS.expiresAt, String(expiresAt));
    state.set({ ...state.get(), token: pair.token, refreshToken: pair.refreshToken, expiresAt });
  }

  function readStored(): Omit<SessionState, 'user'> {
    return {
      token: deps.storage.get(STORAGE_KEYS.token),
      refreshToken: deps.storage.get(STORAGE_KEYS.refreshToken),
      expiresAt: parseExpiry(deps.storage.get(STORAGE_KEYS.expiresAt)),
    };
  }

  /** Another tab may have refreshed already; reusing its rotated token avoids a reuse revocation. */
  function adoptNewerStoredToken(): string | null {
    const stored = readStored();
    const current = state.get();
    const newer = stored.refreshToken !== null && stored.refreshToken !== current.refreshToken;
    if (!newer || stored.token === null || stored.expiresAt === null || stored.expiresAt <= deps.now()) {
      return null;
    }
    state.set({ ...current, ...stored });
    return stored.token;
  }

  async function runRefresh(): Promise<string | null> {
    const adopted = adoptNewerStoredToken();
    if (adopted) return adopted;
    const { refreshToken, user } = state.get();
    const startedIn = generation;
    if (!refreshToken) {
      logout(user ? 'expired' : 'ended');
      return null;
    }
    // A failure on the way (offline, 5xx, 429) rejects and leaves the session as it is.
    const pair = await deps.requestRefresh(refreshToken);
    if (startedIn !== generation) return null;
    if (pair === null) {
      logout(state.get().user ? 'expired' : 'ended');
      return null;
    }
    storeTokens(pair);
    return pair.token;
  }

  function refresh(): Promise<string | null> {
    pendingRefresh ??= runRefresh().finally(() => {
      pendingRefresh = null;
    });
    return pendingRefresh;
  }

  async function getValidToken(): Promise<string | null> {
    const { token, refreshToken, expiresAt } = state.get();
    if (token === null && refreshToken === null) return null;
    if (token !== null && expiresAt !== null && expiresAt > deps.now()) return token;
    return refresh();
  }

  function logout(reason: LogoutReason): void {
    const hadSession = state.get().token !== null || state.get().refreshToken !== null;
    generation += 1;
    deps.storage.remove(STORAGE_KEYS.token);
    deps.storage.remove(STORAGE_KEYS.refreshToken);
    deps.storage.remove(STORAGE_KEYS.expiresAt);
    state.set(EMPTY);
    if (!hadSession) return;
    for (const listener of [...logoutListeners]) listener(reason);
  }

  async function loadProfile(): Promise<TProfile> {
    const startedIn = generation;
    const user = await deps.requestProfile();
    if (startedIn !== generation) throw new Error('Session changed while loading the profile');
    state.set({ ...state.get(), user });
    return user;
  }

  async function runRestore(): Promise<RestoreResult> {
    const stored = readStored();
    if (stored.token === null && stored.refreshToken === null) return { kind: 'none' };
    const startedIn = generation;
    state.set({ ...stored, user: null });
    try {
      await loadProfile();
      return { kind: 'restored' };
    } catch (error) {
      // A session the server refused has been ended on the way (a 401 after a refresh attempt).
      return startedIn === generation ? { kind: 'unavailable', error } : { kind: 'ended' };
    }
  }

  return {
    state,
    restore() {
      restoring ??= runRestore().then((result) => {
        if (result.kind === 'unavailable') restoring = null;
        return result;
      });
      return restoring;
    },
    async login(pair, profile) {
      generation += 1;
      state.set({ ...EMPTY });
      storeTokens(pair);
      if (profile) {
        state.set({ ...state.get(), user: profile });
        return profile;
      }
      try {
        return await loadProfile();
      } catch (error) {
        logout('ended');
        throw error;
      }
    },
    getValidToken,
    refresh,
    renew(rejected) {
      const { token } = state.get();
      return token !== null && token !== rejected ? Promise.resolve(token) : refresh();
    },
    logout,
    onLogout(listener) {
      logoutListeners.add(listener);
      return () => {
        logoutListeners.delete(listener);
      };
    },
    rememberRequest(path) {
      rememberedRequest = path;
    },
    rememberedRequest: () => rememberedRequest,
  };
}

function parseExpiry(value: string | null): number | null {
  if (value === null) return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}
