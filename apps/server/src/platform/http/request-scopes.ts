/**
 * Opens a scope for every request's database work (platform/db/request-scope.ts): its time limit, and its
 * client's leaving, noticed as the answer's connection closing before the answer was written.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { currentRequestScope, RequestScope, runInRequestScope } from '../db/request-scope.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route's own database time in ms, where the default is too short (a 200,000-row table upload) */
    databaseTimeMs?: number;
  }
  interface FastifyRequest {
    databaseScope: RequestScope | null;
  }
}

export function openRequestScopes(app: FastifyInstance, options: { databaseTimeMs: number }): void {
  app.decorateRequest('databaseScope', null);
  // Callback hooks, not async ones: the rest of the request's work runs inside `done`, in the scope.
  app.addHook('onRequest', (request, reply, done) => {
    const scope = new RequestScope(
      request.routeOptions.config.databaseTimeMs ?? options.databaseTimeMs,
      request.log,
    );
    request.databaseScope = scope;
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) scope.abandon();
    });
    runInRequestScope(scope, done);
  });
  // The body is read in the socket's callbacks, outside the scope; the request's work returns to it after.
  // A request without a body never left it (a new scope context for each hook was a twentieth of its time).
  const reenter = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const scope = request.databaseScope;
    if (scope && currentRequestScope() !== scope) runInRequestScope(scope, done);
    else done();
  };
  app.addHook('preValidation', reenter);
  app.addHook('preHandler', reenter);
}
