import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * Fixed-window counters in the database, shared by every instance of the server: one upsert per hit, which
 * starts a new window once the old one has ended. Ended windows are swept now and then.
 */
export interface SharedCounter {
  /** Counts one hit on `key`; answers the hits in the current window and when that window ends (ms). */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  /** The hits on `key` in the current window, without counting one. */
  peek(key: string): Promise<number>;
}

/** How many hits pass between two sweeps of ended windows. */
const SWEEP_EVERY = 500;

export function createSharedCounter(db: Kysely<DB>, now: () => number = Date.now): SharedCounter {
  let hitsSinceSweep = 0;
  return {
    async hit(key, windowMs) {
      const at = now();
      const resetAt = at + windowMs;
      const row = await db
        .insertInto('rateLimits')
        .values({ key, resetAt, count: 1 })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            // Both expressions read the row as it was, in PostgreSQL and SQLite alike.
            count: sql<number>`case when rate_limits.reset_at <= ${at} then 1 else rate_limits.count + 1 end`,
            resetAt: sql<number>`case when rate_limits.reset_at <= ${at} then ${resetAt} else rate_limits.reset_at end`,
          }),
        )
        .returning(['count', 'resetAt'])
        .executeTakeFirstOrThrow();
      hitsSinceSweep += 1;
      if (hitsSinceSweep >= SWEEP_EVERY) {
        hitsSinceSweep = 0;
        await db.deleteFrom('rateLimits').where('resetAt', '<=', at).execute();
      }
      return { count: row.count, resetAt: row.resetAt };
    },

    async peek(key) {
      const row = await db
        .selectFrom('rateLimits')
        .select('count')
        .where('key', '=', key)
        .where('resetAt', '>', now())
        .executeTakeFirst();
      return row ? row.count : 0;
    },
  };
}

/** The attempts of one kind (e.g. per username), limited to `max` in each window of `windowMs`. */
export interface AttemptLimiter {
  /** Counts one attempt; false once the key has used up its attempts in the current window. */
  hit(key: string): Promise<boolean>;
}

export function createAttemptLimiter(
  counter: SharedCounter,
  kind: string,
  max: number,
  windowMs: number,
): AttemptLimiter {
  return {
    async hit(key) {
      return (await counter.hit(`${kind}:${key}`, windowMs)).count <= max;
    },
  };
}

/**
 * Failures of one kind (e.g. wrong tokens per IP), `max` in each window of `windowMs`: what succeeds is not
 * counted, so that many members behind one address may log in while guessing stays limited.
 */
export interface FailureLimiter {
  /** Whether the key may try again: fewer than `max` failures in the current window. */
  allowed(key: string): Promise<boolean>;
  /** Counts one failure. */
  failed(key: string): Promise<void>;
}

export function createFailureLimiter(
  counter: SharedCounter,
  kind: string,
  max: number,
  windowMs: number,
): FailureLimiter {
  return {
    allowed: async (key) => (await counter.peek(`${kind}:${key}`)) < max,
    async failed(key) {
      await counter.hit(`${kind}:${key}`, windowMs);
    },
  };
}

/** Keys blocked on one instance beyond which ended blocks are swept (an attack from many addresses). */
const SWEEP_BLOCKED_AT = 10_000;

/**
 * Lookups by an unguessable address (public media files, issue 30 point 3): only misses count, per key, in
 * the shared counter. A key over `max` misses in a window is refused at once, without a lookup and without a
 * write, until that window ends: known on this instance from its own count, learnt by the others at their
 * next miss. Hits cost nothing, so a host page's visitors may fetch a known file as often as they like.
 */
export interface MissLimiter {
  /** when the refusal of `key` ends (ms), or 0 while it may look up */
  blockedUntil(key: string): number;
  /** counts a miss of `key`; false once it has used up its misses (it is blocked from now on) */
  miss(key: string): Promise<boolean>;
}

export function createMissLimiter(
  counter: SharedCounter,
  kind: string,
  max: number,
  windowMs: number,
  now: () => number = Date.now,
): MissLimiter {
  const blocked = new Map<string, number>();
  const sweep = () => {
    const at = now();
    for (const [key, until] of blocked) if (until <= at) blocked.delete(key);
  };
  return {
    blockedUntil(key) {
      const until = blocked.get(key) ?? 0;
      if (until > now()) return until;
      blocked.delete(key);
      return 0;
    },
    async miss(key) {
      const { count, resetAt } = await counter.hit(`${kind}:${key}`, windowMs);
      if (count <= max) return true;
      if (blocked.size >= SWEEP_BLOCKED_AT) sweep();
      blocked.set(key, resetAt);
      return false;
    },
  };
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit on the shared counter. Limiters tell their keys apart by their
 * `keyGenerator` (a prefix per limiter), so one store serves them all.
 */
export function sharedRateLimitStore(counter: SharedCounter, now: () => number = Date.now) {
  return class SharedRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      counter.hit(key, timeWindow).then(
        ({ count, resetAt }) => callback(null, { current: count, ttl: Math.max(0, resetAt - now()) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): SharedRateLimitStore {
      return this;
    }
  };
}
