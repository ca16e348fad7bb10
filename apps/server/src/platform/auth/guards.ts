import { AUTH_MESSAGES, hasRole, type TRole } from '@portal/contract';
import type {
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { Principal } from '../../features/accounts/principal.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { AccessTokens } from './access-token.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
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
 * except routes marked public. A disabled or deleted user is refused even with a valid token.
 */
export function authenticate(deps: {
  tokens: AccessTokens;
  principal: (userId: number) => Promise<Principal | undefined>;
}): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (request.routeOptions.config.public || request.is404) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const userId = await deps.tokens.verify(token);
    if (userId === undefined) throw unauthorized(AUTH_MESSAGES.sessionExpired);
    const principal = await deps.principal(userId);
    if (!principal) throw unauthorized(AUTH_MESSAGES.sessionExpired);
    if (principal.disabled) throw unauthorized(AUTH_MESSAGES.accountDisabled);
    request.principal = principal;
  };
}

/** The principal of an authenticated route; the authenticate hook has run before. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

export function requireRole(role: TRole): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest) => {
    if (!hasRole(principalOf(request).roles, role)) throw forbidden();
  };
}
