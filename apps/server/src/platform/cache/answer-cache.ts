/**
 * Answers of read routes kept in memory for a moment (issue 19: "repeated queries"). The dashboard and the
 * blog list ask the same few questions of the database again and again: the same posts for everyone with the
 * same groups. A route opts in with `config.answerCache`, a function naming whose answer it is (its audience,
 * e.g. the member's groups); the cache keeps the serialised body per audience and address.
 *
 * An answer is kept until the first of:
 * - any write through this process's database (every statement but a SELECT) to a table that is not one of
 *   `unreadTables` (bookkeeping no kept answer reads: sessions, read markers, the mail outbox, …, each feature's
 *   `bookkeepingTables`), and the end
 *   of any request that is not a GET (after its transaction committed; a read that ran alongside could have
 *   seen the data before it);
 * - `ttlMs` after it was read: writes by other processes (another instance, the CLI) and the clock (a
 *   scheduled post becomes visible at its time) show after at most this long.
 *
 * Only the body is kept, so only routes whose answer is the JSON body alone (status 200, no headers of their
 * own) may opt in.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onResponseHookHandler,
  onSendHookHandler,
} from 'fastify';
import type { DB } from '../db/schema.ts';
import { hooksOf } from '../http/route-hooks.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route's answer may be kept; the function names its audience (whatever else the answer depends on) */
    answerCache?: (request: FastifyRequest) => string;
  }
  interface FastifyRequest {
    /** the key the answer is kept under once sent, when the route may keep it and it was not kept yet */
    answerCacheKey: string | null;
  }
}

export interface AnswerCacheOptions {
  /** how long an answer is kept at most; 0 keeps none */
  ttlMs: number;
  /** answers kept at most; the oldest goes first */
  maxEntries?: number;
  /** characters of all answers kept at most (about twice as many bytes); the oldest go first */
  maxTotalLength?: number;
  /** answers larger than this (in characters) are not kept */
  maxBodyLength?: number;
  /** the clock (tests move it) */
  now?: () => number;
  /** tables that no kept answer reads: writes to them keep the answers */
  unreadTables?: readonly (keyof DB)[];
}

interface Entry {
  body: string;
  expiresAt: number;
}

export interface AnswerCache {
  /** Forgets every answer: something they may depend on changed. */
  changed(): void;
  /** Forgets every answer unless all `tables` written are ones no kept answer reads (undefined: not known). */
  written(tables: readonly string[] | undefined): void;
  /**
   * Adds the hooks that answer from the cache and fill it to the routes registered in `app` from now on, and to
   * every route that may write (any method but GET and HEAD) the hook that forgets the kept answers.
   */
  register(app: FastifyInstance): void;
  /** answers kept now */
  readonly size: number;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** A table's name in the database (the writes are heard by those), from the one the queries use. */
const snakeCase = (table: string): string => table.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

export function createAnswerCache(options: AnswerCacheOptions): AnswerCache {
  const {
    ttlMs,
    maxEntries = 2_000,
    maxTotalLength = 8 * 1024 * 1024,
    maxBodyLength = 256 * 1024,
    now = () => Date.now(),
    unreadTables = [],
  } = options;
  const unread = new Set(unreadTables.map(snakeCase));
  const entries = new Map<string, Entry>();
  let totalLength = 0;
  /** renewed by every change; an answer read under an older generation is not kept */
  let generation = 0;
  const started = new WeakMap<FastifyRequest, number>();

  function changed(): void {
    generation += 1;
    entries.clear();
    totalLength = 0;
  }

  function forget(key: string, entry: Entry): void {
    entries.delete(key);
    totalLength -= entry.body.length;
  }

  function lookup(request: FastifyRequest, reply: FastifyReply): boolean {
    const audience = request.routeOptions.config.answerCache;
    if (!audience || ttlMs <= 0 || request.method !== 'GET') return false;
    const key = `${audience(request)}\u0000${request.url}`;
    const entry = entries.get(key);
    if (entry && entry.expiresAt > now()) {
      reply.type(JSON_TYPE).send(entry.body);
      return true;
    }
    if (entry) forget(key, entry);
    request.answerCacheKey = key;
    started.set(request, generation);
    return false;
  }

  function store(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const key = request.answerCacheKey;
    if (key === null || reply.statusCode !== 200 || typeof payload !== 'string') return;
    if (payload.length > maxBodyLength || started.get(request) !== generation) return;
    const replaced = entries.get(key);
    if (replaced) forget(key, replaced);
    for (const [oldKey, oldEntry] of entries) {
      if (entries.size < maxEntries && totalLength + payload.length <= maxTotalLength) break;
      forget(oldKey, oldEntry);
    }
    entries.set(key, { body: payload, expiresAt: now() + ttlMs });
    totalLength += payload.length;
  }

  return {
    changed,
    written(tables) {
      if (tables === undefined || tables.some((table) => !unread.has(table))) changed();
    },
    get size() {
      return entries.size;
    },
    register(app) {
      app.decorateRequest('answerCacheKey', null);
      // Route hooks, added only where they act: a hook on the whole app would run on every request, and most
      // are GETs of routes that keep nothing (issue 19, the profile's throughput).
      // The last of the route's onRequest hooks, after the guards (the audience needs the member): a kept answer
      // ends the request there, before validation and the body's hooks, which it passed when it was kept (an
      // answer is kept under its exact address, and only a 200 is kept).
      const lookupHook: onRequestHookHandler = (request, reply, done) => {
        if (!lookup(request, reply)) done();
      };
      const storeHook: onSendHookHandler = (request, reply, payload, done) => {
        store(request, reply, payload);
        done(null, payload);
      };
      const changedHook: onResponseHookHandler = (_request, _reply, done) => {
        changed();
        done();
      };
      app.addHook('onRoute', (route) => {
        if (route.config?.answerCache) {
          route.onRequest = [...hooksOf(route.onRequest), lookupHook];
          route.onSend = [...hooksOf(route.onSend), storeHook];
        }
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        if (methods.some((method) => method !== 'GET' && method !== 'HEAD')) {
          route.onResponse = [...hooksOf(route.onResponse), changedHook];
        }
      });
    },
  };
}
