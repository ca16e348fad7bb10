import { randomUUID } from 'node:crypto';
import {
  APP_PATHS,
  AUTH_MESSAGES,
  portalAddress,
  type TGenerateLoginInput,
  type TTokenPair,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { AccessTokens } from '../../platform/auth/access-token.ts';
import { hashToken, randomToken } from '../../platform/auth/secrets.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { forbidden, unauthorized } from '../../platform/http/errors.ts';
import { type MetricsReporter, NO_METRICS } from '../../platform/metrics/metrics.ts';
import type { AccountsService } from '../accounts/index.ts';
import { createAuthRepository } from './auth.repository.ts';
import { createAuthAudit } from './auth-audit.ts';
import { createSessionRegistry } from './session-registry.ts';

const LOGIN_TOKEN_TTL_MS = 5 * 60 * 1000;
const REFRESH_TOKEN_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/**
 * How long a used refresh token still gets a pair: two tabs refreshing at once, or a client whose answer was
 * lost, send it again within seconds. Later reuse is a stolen token's and ends the session (RFC 9700 §4.14.2).
 */
const REFRESH_GRACE_MS = 10_000;

export interface AuthServiceDeps {
  db: Kysely<DB>;
  accounts: AccountsService;
  tokens: AccessTokens;
  publicUrl: string;
  now?: () => Date;
  /**
   * Links the member to the company the host's login call names (`companyName`, `companyNumber`), inside the
   * call's transaction: the companies feature's, handed in by the composition root (services.ts).
   */
  linkCompany?: (
    executor: Executor,
    userId: number,
    company: { companyName?: string | undefined; companyNumber?: string | undefined },
  ) => Promise<void>;
  /** hears of every login: a link issued (form, external) and a link used */
  metrics?: MetricsReporter;
}

/** How the caller of POST /external/generate/login proved itself. */
export type LoginLinkCaller = { kind: 'apiKey' } | { kind: 'form' };

export function createAuthService(deps: AuthServiceDeps) {
  const repo = createAuthRepository(deps.db);
  const sessions = createSessionRegistry(deps.db);
  const audit = createAuthAudit(deps.db, deps.accounts);
  const now = deps.now ?? (() => new Date());
  const metrics = deps.metrics ?? NO_METRICS;
  const loginFailed = () => unauthorized(AUTH_MESSAGES.loginFailed);
  const sessionExpired = () => unauthorized(AUTH_MESSAGES.sessionExpired);

  async function issuePair(userId: number, sessionId: string): Promise<TTokenPair> {
    const refreshToken = randomToken();
    await repo.insertRefreshToken({
      userId,
      familyId: sessionId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(now().getTime() + REFRESH_TOKEN_TTL_MS),
    });
    return { token: await deps.tokens.sign({ userId, sessionId }), refreshToken };
  }

  async function requireActive(userId: number) {
    const principal = await deps.accounts.principal(userId);
    if (!principal) throw unauthorized(AUTH_MESSAGES.sessionExpired);
    if (principal.disabled) throw unauthorized(AUTH_MESSAGES.accountDisabled);
    return principal;
  }

  return {
    /**
     * A one-time link for the host's server (API key: creates or updates the member) or the test-origin form.
     * Both are logged: the host's login with what it changed, a wrong password or unknown username on the form.
     */
    async generateLoginLink(input: TGenerateLoginInput, caller: LoginLinkCaller): Promise<{ link: string }> {
      let userId: number;
      if (caller.kind === 'apiKey') {
        const { password: _ignored, companyName, companyNumber, ...profile } = input;
        const { linkCompany } = deps;
        userId = (
          await deps.accounts.upsertUser(profile, async (executor, saved) => {
            await audit.hostLogin(executor, saved);
            await linkCompany?.(executor, saved.id, { companyName, companyNumber });
          })
        ).id;
      } else {
        if (!input.password) {
          metrics.login('form', 'refused');
          throw loginFailed();
        }
        // A full password queue rejects here, before any check: no failed password then.
        const user = await deps.accounts.verifyCredentials(input.username, input.password);
        if (!user) {
          metrics.login('form', 'refused');
          await audit.passwordFailed(input.username);
          throw loginFailed();
        }
        userId = user.id;
      }
      const principal = await deps.accounts.principal(userId);
      if (!principal || principal.disabled) throw forbidden(AUTH_MESSAGES.accountDisabled);
      const token = randomToken();
      await repo.insertLoginToken(userId, hashToken(token), new Date(now().getTime() + LOGIN_TOKEN_TTL_MS));
      metrics.login(caller.kind === 'apiKey' ? 'external' : 'form', 'ok');
      return { link: portalAddress(APP_PATHS.loginWithToken(token), deps.publicUrl) };
    },

    /** GET /api/auth/login: a login token works once, within 5 minutes; the member's last login is now. */
    async login(token: string): Promise<TTokenPair> {
      const userId = await repo.consumeLoginToken(hashToken(token), now());
      if (userId === undefined) {
        metrics.login('link', 'refused');
        throw loginFailed();
      }
      await requireActive(userId);
      const sessionId = randomUUID();
      await repo.insertSession({ id: sessionId, userId, createdAt: now() });
      await deps.accounts.loggedIn(userId, now());
      const pair = await issuePair(userId, sessionId);
      metrics.login('link', 'ok');
      return pair;
    },

    /**
     * Rotates the refresh token. A token used again within the grace period gets a fresh pair of the same
     * session (we keep only hashes, so not the pair it got first); used again later, it ends the session.
     */
    async refresh(refreshToken: string): Promise<TTokenPair> {
      const tokenHash = hashToken(refreshToken);
      const at = now();
      const live = await repo.consumeRefreshToken(tokenHash, at);
      if (live) {
        await requireActive(live.userId);
        return issuePair(live.userId, live.familyId);
      }
      const known = await repo.findRefreshToken(tokenHash);
      if (!known?.usedAt || !known.sessionAlive) throw sessionExpired();
      const inGrace = at.getTime() - known.usedAt.getTime() <= REFRESH_GRACE_MS && known.expiresAt > at;
      if (!inGrace) {
        await sessions.revoke([known.familyId], at);
        throw sessionExpired();
      }
      await requireActive(known.userId);
      return issuePair(known.userId, known.familyId);
    },

    /**
     * Ends the caller's session and the session of the given refresh token (when it is the caller's), or every
     * session of the user without one.
     */
    async logout(userId: number, sessionId: string, refreshToken: string | undefined): Promise<void> {
      const at = now();
      const known = refreshToken ? await repo.findRefreshToken(hashToken(refreshToken)) : undefined;
      if (known && known.userId === userId) await sessions.revoke([sessionId, known.familyId], at);
      else await sessions.revokeAllOfUser(userId, at);
      await repo.deleteExpired(at, REFRESH_TOKEN_TTL_MS);
    },

    /** Whether the session of an access token lives; the guard asks on every request. */
    sessionAlive: (sessionId: string) => sessions.isAlive(sessionId),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
