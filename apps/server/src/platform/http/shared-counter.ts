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
      return { count: Number(row.count), resetAt: Number(row.resetAt) };
    },

    async peek(key) {
      const row = await db
        .selectFrom('rateLimits')
        .select('count')
        .where('key', '=', key)
        .where('resetAt', '>', now())
        .executeTakeFirst();
      return row ? Number(row.count) : 0;
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
