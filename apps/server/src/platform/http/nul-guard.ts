import { MESSAGES } from '@portal/contract';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { badRequest } from './errors.ts';

const JSON_NUL = /\\u0000/i;

/** PostgreSQL cannot store NUL in text and answers with an error; no form field ever needs one. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') {
    // Form fields such as `blog` carry JSON text, where a NUL travels as the escape \u0000.
    const json = /^\s*[[{]/.test(value);
    return value.includes('\u0000') || (json && JSON_NUL.test(value));
  }
  if (depth > 20 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  return Object.values(value).some((entry) => holdsNul(entry, depth + 1));
}

/**
 * A preValidation hook: refuses NUL characters in the query and in text fields of the body with 400. A
 * callback hook, not an async one: it runs on every request.
 */
export function refuseNulCharacters(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const refused = holdsNul(request.query) || holdsNul(request.body) || request.url.includes('%00');
  done(refused ? badRequest(MESSAGES.invalidCharacters) : undefined);
}
