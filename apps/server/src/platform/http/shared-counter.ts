import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * Fixed-window counters in the database, shared by every instance of the server: one upsert per hit, which
 * starts a new window once the old one has ended. Ended windows are swept now and then.
 */
export interface SharedCounter {
  /** Counts one hit on `key`; answers the hits in the current window and when that window ends (ms). */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
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
