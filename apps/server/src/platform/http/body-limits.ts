import type { FastifyInstance } from 'fastify';

/**
 * The largest body of a request that no one has authenticated (issue 30 point 3): the login links, the token
 * refresh, the host website's login, the one-click unsubscribe, and any address without a route. Their
 * largest real body is a few hundred bytes. The server's own `bodyLimit`, so it holds wherever a route sets
 * nothing else; also for JSON and form-encoded bodies and for the form fields of a multipart body together.
 */
export const PUBLIC_BODY_LIMIT = 16 * 1024;

/** The largest body of a member's request (JSON, form fields); files have UPLOAD_LIMIT_MB of their own. */
const MEMBER_BODY_LIMIT = 1024 * 1024;

/**
 * In the authenticated context: every route not marked public reads bodies up to MEMBER_BODY_LIMIT. Bodies are
 * read after the onRequest hooks, so a request without a valid token or role never gets that far.
 */
export function memberBodies(api: FastifyInstance): void {
  api.addHook('onRoute', (route) => {
    if (route.config?.public !== true) route.bodyLimit ??= MEMBER_BODY_LIMIT;
  });
}
