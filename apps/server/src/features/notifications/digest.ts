/**
 * The digest of issue 17 (docs/decisions/0082): finds the members whose digest is due, gathers what is new
 * for each of them in the window since their previous one (asking each feature's digest section, src/modules.ts:
 * the features own those rows), and queues the mail and moves their watermark
 * (notification_settings.digest_until) in one transaction per member. An empty digest only moves the
 * watermark. The scheduler and `npm run digest` run it under the 'digest' job lease.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { TAppAddresses } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import type { NewsWindow } from '../../platform/db/news-rows.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { MailOutbox } from '../../platform/mail/mail-outbox.ts';
import { createUnsubscribeTokens } from '../../platform/mail/unsubscribe-token.ts';
import type { DigestGather, DigestSection } from '../../platform/registry/digest-section.ts';
import type { AccountsService } from '../accounts/index.ts';
import { createDigestRepository, type DueMember } from './digest.repository.ts';
import { type DigestPart, isEmptyDigest, renderDigestMail } from './digest-mail.ts';
import { latestSlot, previousSlot, type TDigestPeriod } from './digest-slots.ts';

export interface DigestDeps {
  db: Kysely<DB>;
  accounts: Pick<AccountsService, 'principal'>;
  outbox: Pick<MailOutbox, 'enqueue'>;
  /** for the links in the mail (the unsubscribe address on the portal's own) */
  addresses: TAppAddresses;
  jwtSecret: string;
  log: FastifyBaseLogger;
  /** what each feature lists as new (src/modules.ts), in the mail's order */
  sections: readonly DigestSection[];
}

export interface DigestRunResult {
  /** members found due */
  due: number;
  /** digests queued */
  queued: number;
  /** members with nothing new: no mail, the watermark moved on */
  empty: number;
  /** members another run served first, or who turned the digest off meanwhile */
  skipped: number;
  /** members whose digest failed (logged; they stay due for the next run) */
  failed: number;
}

interface DigestRunOptions {
  /** members read per query; each of them gets a transaction of its own */
  batchSize?: number;
  /** called after each batch with the counts so far; false ends the run (the lease was lost) */
  afterBatch?: (result: DigestRunResult) => Promise<boolean>;
}

export interface DigestRunner {
  /** sends the digests due at `now`, each covering up to `now`. */
  run(now: Date, options?: DigestRunOptions): Promise<DigestRunResult>;
}

/** Entries per section; the rest is counted ('und N weitere'). */
const SECTION_LIMIT = 20;
const DEFAULT_BATCH = 200;

type Outcome = 'queued' | 'empty' | 'skipped';

/** A run's sections, each with the gatherer it started for the run. */
type RunSections = readonly { section: DigestSection; gather: DigestGather }[];

export function createDigestRunner(deps: DigestDeps): DigestRunner {
  const { db, log } = deps;
  const repo = createDigestRepository(db);
  const unsubscribe = createUnsubscribeTokens(deps.jwtSecret, deps.addresses.publicUrl);

  /** The window of a member's digest: since the previous one, or for a first one, one period before the slot. */
  function windowOf(member: DueMember, period: TDigestPeriod, now: Date): NewsWindow {
    if (member.digestUntil) return { start: member.digestUntil, end: now };
    // A member who joined within it gets what is new in it too: it is new to them.
    return { start: previousSlot(period, latestSlot(period, now)), end: now };
  }

  /**
   * What is new to the member in the window, each section by the rule of the feature that owns it (as its own
   * list and the search apply it): a section the member's roles do not read is left out (SPEC §2: partners
   * read news posts only).
   */
  async function partsFor(
    member: DueMember,
    principal: Principal,
    window: NewsWindow,
    sections: RunSections,
  ): Promise<DigestPart[]> {
    const parts: DigestPart[] = [];
    for (const { section, gather } of sections) {
      if (!section.reads(principal.roles)) continue;
      parts.push({
        section,
        news: await gather({ principal, account: member.account }, window, SECTION_LIMIT),
      });
    }
    return parts;
  }

  async function deliver(member: DueMember, now: Date, sections: RunSections): Promise<Outcome> {
    const principal = await deps.accounts.principal(member.id);
    if (!principal || principal.disabled) return 'skipped';
    const period: TDigestPeriod = member.digest === 'weekly' ? 'weekly' : 'daily';
    const window = windowOf(member, period, now);
    const parts = await partsFor(member, principal, window, sections);
    return db.transaction().execute(async (trx): Promise<Outcome> => {
      const claimed = await repo.advance(trx, member.id, member.digestUntil, now);
      if (!claimed) return 'skipped';
      if (isEmptyDigest(parts)) return 'empty';
      const unsubscribeUrl = unsubscribe.url(
        { userId: member.id, kind: 'digest', version: claimed.version },
        member.email,
      );
      const mail = renderDigestMail({
        username: member.username,
        period,
        since: window.start,
        parts,
        addresses: deps.addresses,
        unsubscribeUrl,
      });
      await deps.outbox.enqueue(trx, [
        {
          ...mail,
          recipient: member.email,
          topic: `digest:${member.id}:${now.toISOString()}`,
          listUnsubscribe: unsubscribeUrl,
        },
      ]);
      return 'queued';
    });
  }

  return {
    async run(now, options = {}) {
      const batchSize = options.batchSize ?? DEFAULT_BATCH;
      const result: DigestRunResult = { due: 0, queued: 0, empty: 0, skipped: 0, failed: 0 };
      const slots = { daily: latestSlot('daily', now), weekly: latestSlot('weekly', now) };
      const sections = deps.sections.map((section) => ({ section, gather: section.startRun(db) }));
      let afterId = 0;
      for (;;) {
        const members = await repo.dueMembers(slots, afterId, batchSize);
        for (const member of members) {
          result.due += 1;
          try {
            result[await deliver(member, now, sections)] += 1;
          } catch (error) {
            result.failed += 1;
            log.error({ err: error, userId: member.id }, 'digest failed');
          }
        }
        const last = members.at(-1);
        if (!last || members.length < batchSize) break;
        afterId = last.id;
        // SQLite answers without waiting on I/O: without a turn of the event loop between batches, a run
        // for 100,000 members would hold every request and timer (the shutdown's too) until it ends.
        await nextTurn();
        if (options.afterBatch && !(await options.afterBatch(result))) break;
      }
      return result;
    },
  };
}
