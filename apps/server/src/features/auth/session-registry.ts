import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { createSettingsRepository } from '../../platform/db/settings.ts';
import { createAuthRepository } from './auth.repository.ts';

/** Settings key of a value that every ended session renews. */
const VERSION_KEY = 'sessionsVersion';
/** Sessions remembered at most; beyond that the cache starts over rather than grow. */
const CACHE_SIZE = 10_000;

export interface SessionRegistryOptions {
  /** How often the sessions' version is compared with the database (2 s). */
  versionCheckMs?: number;
}

/**
 * Whether a login session lives, as the guard asks on every request, without a query per request: answers
 * are cached per instance. A session ended through this instance is refused at once; one ended through another
 * instance renews the sessions' version, which this instance compares at most every `versionCheckMs` and then
 * forgets the sessions it believed alive (the same model as the accounts' version).
 */
export function createSessionRegistry(db: Kysely<DB>, options: SessionRegistryOptions = {}) {
  const repo = createAuthRepository(db);
  const settings = createSettingsRepository(db);
  const versionCheckMs = options.versionCheckMs ?? 2_000;
  const known = new Map<string, boolean>();
  // Renewed whenever the cache learns of ended sessions, so that a read begun before does not store "alive".
  let generation = 0;
  let knownVersion: string | undefined;
  let versionCheckedAt = 0;

  function forgetAlive(): void {
    generation += 1;
    // An ended session never lives again, so those answers stay.
    for (const [id, alive] of known) if (alive) known.delete(id);
  }

  async function forgetIfChangedElsewhere(): Promise<void> {
    versionCheckedAt = Date.now();
    const version = (await settings.get(VERSION_KEY)) ?? '';
    if (knownVersion !== undefined && version !== knownVersion) forgetAlive();
    knownVersion = version;
  }

  async function load(id: string): Promise<boolean> {
    const startedIn = generation;
    const alive = await repo.sessionAlive(id);
    if (startedIn === generation) {
      if (known.size >= CACHE_SIZE) known.clear();
      known.set(id, alive);
    }
    return alive;
  }

  function cachedOrLoad(id: string): boolean | Promise<boolean> {
    return known.get(id) ?? load(id);
  }

  /** Takes note of ended sessions; tells the other instances when some have just ended in the database. */
  async function ended(ids: readonly string[], endedNow: boolean): Promise<void> {
    if (ids.length === 0) return;
    generation += 1;
    for (const id of ids) known.set(id, false);
    if (endedNow) await settings.set(VERSION_KEY, randomUUID());
  }

  return {
    /** Answers without a promise when the cache knows and no version check is due. */
    isAlive(id: string): boolean | Promise<boolean> {
      if (Date.now() - versionCheckedAt >= versionCheckMs) {
        return forgetIfChangedElsewhere().then(() => cachedOrLoad(id));
      }
      return cachedOrLoad(id);
    },

    async revoke(ids: readonly string[], now: Date): Promise<void> {
      const endedNow = await repo.revokeSessions(ids, now);
      // All of them, also those another instance ended while this one still believes them alive.
      await ended(ids, endedNow.length > 0);
    },

    async revokeAllOfUser(userId: number, now: Date): Promise<void> {
      const endedNow = await repo.revokeSessionsOfUser(userId, now);
      await ended(endedNow, endedNow.length > 0);
    },
  };
}
