import { timingSafeEqual } from 'node:crypto';
import {
  API,
  AUTH_MESSAGES,
  MESSAGES,
  ZApiError,
  ZGenerateLoginInput,
  ZGenerateLoginResponse,
  ZLoginQuery,
  ZLogoutInput,
  ZProfile,
  ZRefreshInput,
  ZTokenPair,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken, principalOf, sessionIdOf } from '../../platform/auth/guards.ts';
import { PasswordQueueFullError } from '../../platform/auth/password-queue.ts';
import { type Principal, toProfile } from '../../platform/auth/principal.ts';
import { forbidden, HttpError, unauthorized } from '../../platform/http/errors.ts';
import {
  createAttemptLimiter,
  createFailureLimiter,
  type SharedCounter,
} from '../../platform/http/shared-counter.ts';
import type { MetricsReporter } from '../../platform/metrics/metrics.ts';
import { usernameKey } from '../accounts/index.ts';
import type { AuthService } from './auth.service.ts';
import { LOGIN_ATTEMPTS_KIND } from './auth-privacy.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  externalApiKey: string | undefined;
  loginFormOrigins: readonly string[];
  /** password attempts a minute, per IP and per username; token endpoints allow six times as many per IP. */
  rateLimitMax: number;
  /** the counters all instances share */
  counter: SharedCounter;
  /** hears of a wrong API key (the service reports the other logins) */
  metrics?: MetricsReporter;
}

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 429: ZApiError };

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Auth endpoints of SPEC §7 under /api; POST /external/generate/login is registered by externalLoginRoutes. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const tokenLimit = app.rateLimit({
    max: opts.rateLimitMax * 6,
    timeWindow: 60_000,
    hook: 'onRequest',
    keyGenerator: (request) => `token-ip:${request.ip}`,
  });
  /**
   * Login and refresh tokens count wrong tokens per IP, not requests: a company network logs 80 members in
   * within a minute from one address, while guessing (256-bit tokens) stays at this many tries a minute.
   */
  const wrongTokens = createFailureLimiter(opts.counter, 'token-fail', opts.rateLimitMax * 6, 60_000);
  const tokenGuard = async (request: FastifyRequest) => {
    if (!(await wrongTokens.allowed(request.ip))) throw tooManyRequests();
  };
  /** The token's answer; a 401 (a wrong or spent token) counts against the caller's address. */
  const countingWrongTokens = async <T>(request: FastifyRequest, answer: Promise<T>): Promise<T> => {
    try {
      return await answer;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) await wrongTokens.failed(request.ip);
      throw error;
    }
  };

  app.route({
    method: 'GET',
    url: API.login,
    config: { public: true },
    onRequest: tokenGuard,
    schema: { tags: ['auth'], querystring: ZLoginQuery, response: { 200: ZTokenPair, ...errors } },
    handler: (request) => countingWrongTokens(request, opts.auth.login(request.query.token)),
  });

  app.route({
    method: 'POST',
    url: API.refresh,
    config: { public: true },
    onRequest: tokenGuard,
    schema: { tags: ['auth'], body: ZRefreshInput, response: { 200: ZTokenPair, ...errors } },
    handler: (request) => countingWrongTokens(request, opts.auth.refresh(request.body.refreshToken)),
  });

  app.route({
    method: 'POST',
    url: API.logout,
    onRequest: tokenLimit,
    schema: { tags: ['auth'], body: ZLogoutInput.optional(), response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await opts.auth.logout(principalOf(request).id, sessionIdOf(request), request.body?.refreshToken);
      return reply.status(204).send(null);
    },
  });

  app.route({
    method: 'GET',
    url: API.profile,
    schema: { tags: ['auth'], response: { 200: ZProfile, 401: ZApiError } },
    handler: async (request, reply) => {
      const principal = principalOf(request);
      let body = serialisedProfiles.get(principal);
      if (body === undefined) {
        body = reply.serialize(toProfile(principal));
        serialisedProfiles.set(principal, body);
      }
      // the JSON text of ZProfile, checked when it was made: a string is sent as it is
      const untyped: FastifyReply = reply;
      return untyped.type('application/json; charset=utf-8').send(body);
    },
  });
};

/**
 * The profile's JSON text per principal: a principal is never changed, only replaced when the member is
 * reloaded, so its text is made once and forgotten with it (the app asks for it on every start).
 */
const serialisedProfiles = new WeakMap<Principal, ReturnType<FastifyReply['serialize']>>();

export const externalLoginRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const hasApiKey = (request: FastifyRequest) => {
    const token = bearerToken(request);
    return Boolean(opts.externalApiKey && token && sameSecret(token, opts.externalApiKey));
  };
  const perIp = app.rateLimit({
    max: opts.rateLimitMax,
    timeWindow: 60_000,
    hook: 'onRequest',
    allowList: (request) => hasApiKey(request),
    keyGenerator: (request) => `login-ip:${request.ip}`,
  });
  const perUsername = createAttemptLimiter(opts.counter, LOGIN_ATTEMPTS_KIND, opts.rateLimitMax, 60_000);

  app.route({
    method: 'POST',
    url: API.generateLogin,
    onRequest: perIp,
    schema: {
      tags: ['auth'],
      body: ZGenerateLoginInput,
      response: { 200: ZGenerateLoginResponse, ...errors, 503: ZApiError },
    },
    handler: async (request, reply) => {
      if (request.headers.authorization !== undefined) {
        if (!hasApiKey(request)) {
          opts.metrics?.login('external', 'refused');
          throw unauthorized(AUTH_MESSAGES.wrongApiKey);
        }
        return opts.auth.generateLoginLink(request.body, { kind: 'apiKey' });
      }
      // The password form exists only on the internal test origins. A browser always sends Origin on a
      // cross-origin POST; a client without one is no browser page and could send any Origin anyway.
      // Checked before counting: a hostile page's attempts must not use up the username's attempts.
      const origin = request.headers.origin;
      const allowed = opts.loginFormOrigins.length > 0 && (!origin || opts.loginFormOrigins.includes(origin));
      if (!allowed) throw forbidden(AUTH_MESSAGES.formNotAllowed);
      if (!(await perUsername.hit(usernameKey(request.body.username)))) throw tooManyRequests();
      try {
        return await opts.auth.generateLoginLink(request.body, { kind: 'form' });
      } catch (error) {
        if (!(error instanceof PasswordQueueFullError)) throw error;
        return reply
          .status(503)
          .header('retry-after', String(error.retryAfterSeconds))
          .send({ detail: AUTH_MESSAGES.passwordChecksBusy });
      }
    },
  });
};

function tooManyRequests(): HttpError {
  return new HttpError(429, MESSAGES.tooManyRequests);
}
