import { AUTH_MESSAGES, hasRole, type TRole } from '@portal/contract';
import type {
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
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

/**
 * Reads `Authorization: BEARER <token>` (scheme in any case) on every route of the context it is added to,
 * except routes marked public. A disabled or deleted user, and a session that has ended (logout, refresh-token
 * reuse), are refused even with a validly signed token.
 */
export function authenticate(deps: {
  tokens: AccessTokens;
  principal: (userId: number) => Promise<Principal | undefined>;
  /** whether a session still lives; answers from a cache without a promise when it can (every request asks) */
  sessionAlive: (sessionId: string) => boolean | Promise<boolean>;
}): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (request.routeOptions.config.public || request.is404) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const subject = await deps.tokens.verify(token);
    if (subject === undefined) throw unauthorized(AUTH_MESSAGES.sessionExpired);
    const alive = deps.sessionAlive(subject.sessionId);
    if (!(alive === true || (alive !== false && (await alive)))) {
      throw unauthorized(AUTH_MESSAGES.sessionExpired);
    }
    const principal = await deps.principal(subject.userId);
    if (!principal) throw unauthorized(AUTH_MESSAGES.sessionExpired);
    if (principal.disabled) throw unauthorized(AUTH_MESSAGES.accountDisabled);
    request.principal = principal;
    request.sessionId = subject.sessionId;
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

export function requireRole(role: TRole): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest) => {
    if (!hasRole(principalOf(request).roles, role)) throw forbidden();
  };
}
