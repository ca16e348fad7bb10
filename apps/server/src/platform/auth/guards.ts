import { AUTH_MESSAGES, hasRole, type TRole } from '@portal/contract';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { AccessTokens } from './access-token.ts';
import type { Principal } from './principal.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** the login session (refresh-token family) of the request's access token */
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /** true: the route answers without a token (login, refresh, settings). */
    public?: boolean;
  }
}

const BEARER = /^bearer\s+([\w.~+/-]+=*)\s*$/i;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header ? BEARER.exec(header)?.[1] : undefined;
}

type MaybePromise<T> = T | Promise<T>;

/** `next` applied to a value that may still be on its way: without a promise when it is there already. */
function then<T, R>(value: MaybePromise<T>, next: (value: T) => MaybePromise<R>): MaybePromise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/**
 * Reads `Authorization: BEARER <token>` (scheme in any case) on every route of the context it is added to,
 * except routes marked public. A disabled or deleted user, and a session that has ended (logout, refresh-token
 * reuse), are refused even with a validly signed token. A callback hook, not an async one: it runs on every
 * request, and when the token, the session and the member are known already it decides without a promise.
 */
export function authenticate(deps: {
  tokens: AccessTokens;
  /** the member; from a cache without a promise when it can */
  principal: (userId: number) => MaybePromise<Principal | undefined>;
  /** whether a session still lives; answers from a cache without a promise when it can (every request asks) */
  sessionAlive: (sessionId: string) => MaybePromise<boolean>;
}): onRequestHookHandler {
  /** undefined when the request may go on, else the error it is refused with */
  function admit(request: FastifyRequest, token: string): MaybePromise<Error | undefined> {
    return then(deps.tokens.verify(token), (subject) => {
      if (subject === undefined) return unauthorized(AUTH_MESSAGES.sessionExpired);
      return then(deps.sessionAlive(subject.sessionId), (alive) => {
        if (!alive) return unauthorized(AUTH_MESSAGES.sessionExpired);
        return then(deps.principal(subject.userId), (principal) => {
          if (!principal) return unauthorized(AUTH_MESSAGES.sessionExpired);
          if (principal.disabled) return unauthorized(AUTH_MESSAGES.accountDisabled);
          request.principal = principal;
          request.sessionId = subject.sessionId;
          return undefined;
        });
      });
    });
  }

  return (request, _reply, done) => {
    if (request.routeOptions.config.public || request.is404) return done();
    const token = bearerToken(request);
    if (!token) return done(unauthorized());
    let outcome: MaybePromise<Error | undefined>;
    try {
      outcome = admit(request, token);
    } catch (error) {
      return done(error instanceof Error ? error : new Error(String(error)));
    }
    if (outcome instanceof Promise) outcome.then(done, done);
    else done(outcome);
  };
}

/** The principal of an authenticated route; the authenticate hook has run before. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/** The login session of an authenticated route's access token. */
export function sessionIdOf(request: FastifyRequest): string {
  if (!request.sessionId) throw unauthorized();
  return request.sessionId;
}

/** A route's onRequest hook: only members holding `role` (along the hierarchy) go on, others get 403. */
export function requireRole(role: TRole): onRequestHookHandler {
  return (request, _reply, done) => {
    if (!request.principal) done(unauthorized());
    else done(hasRole(request.principal.roles, role) ? undefined : forbidden());
  };
}
