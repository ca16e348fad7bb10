import type { FastifyBaseLogger } from 'fastify';
import type { MailOutbox, OutboxRow } from './mail-outbox.ts';

/** How long, and for how many mails at most, an instance remembers the claims of the mails it sent. */
const REMEMBER_MS = 60 * 60_000;
const REMEMBER_MAX = 10_000;

type Claim = Pick<OutboxRow, 'id' | 'claimToken'>;

export interface SentMarks {
  /** The relay accepted the mail: it is marked sent at once, or kept until the database answers again. */
  sent(row: OutboxRow): Promise<void>;
  /** Writes the marks kept while the database was away; throws while it still is. */
  flush(): Promise<void>;
  /** Marks again the mails this instance sent whose claim another worker noted as expired. */
  reassert(): Promise<void>;
  /** mails sent and not marked yet */
  unmarked(): number;
}

/**
 * What an instance knows and the database may not: which mails it handed to the relay (decision 0112).
 * - A sent mark that fails (the database is away) is kept in memory and written before the worker claims
 *   anything else; the claim's lease cannot pass to another worker before one more lease after the database
 *   is back (mail-outbox.ts), in which the mark gets through.
 * - The claims of the mails sent in the last hour are remembered. A mark the database lost (a failover to a
 *   replica that had not received it) shows as that claim being noted expired again; it is marked sent
 *   again instead of being sent twice.
 * A crash of the instance loses this memory: its mails in that state go out once more, the accepted window.
 */
export function createSentMarks(deps: {
  outbox: MailOutbox;
  log: FastifyBaseLogger;
  now: () => Date;
}): SentMarks {
  const { outbox, log, now } = deps;
  const waiting = new Map<number, { claim: Claim; sentAt: Date }>();
  /** claim token → the mail and when it was sent, oldest first */
  const remembered = new Map<string, { id: number; sentAt: Date }>();

  const remember = (claim: Claim, sentAt: Date) => {
    if (claim.claimToken) remembered.set(claim.claimToken, { id: claim.id, sentAt });
    const oldest = sentAt.getTime() - REMEMBER_MS;
    for (const [token, entry] of remembered) {
      if (remembered.size <= REMEMBER_MAX && entry.sentAt.getTime() >= oldest) break;
      remembered.delete(token);
    }
  };

  return {
    async sent(row) {
      const sentAt = now();
      remember(row, sentAt);
      try {
        // Marked right after the relay accepted it. A crash exactly here sends it once more.
        if (!(await outbox.markSent(row, sentAt)))
          log.warn({ mailId: row.id }, 'mail sent after its claim expired');
      } catch (error) {
        waiting.set(row.id, { claim: row, sentAt });
        const reason = error instanceof Error ? error.message : String(error);
        log.warn({ mailId: row.id, reason }, 'mail sent; its sent mark waits for the database');
      }
    },

    async flush() {
      for (const [id, { claim, sentAt }] of waiting) {
        const marked = await outbox.markSent(claim, sentAt);
        waiting.delete(id);
        if (marked) log.info({ mailId: id }, 'mail marked sent after the database returned');
        else log.warn({ mailId: id }, 'mail sent, but another worker took its claim before it was marked');
      }
    },

    async reassert() {
      if (remembered.size === 0) return;
      for (const claim of await outbox.expiredClaims()) {
        const mine = claim.claimToken ? remembered.get(claim.claimToken) : undefined;
        if (mine?.id !== claim.id) continue;
        if (await outbox.markSent(claim, mine.sentAt))
          log.warn({ mailId: claim.id }, 'mail marked sent again: the database had lost its mark');
      }
    },

    unmarked: () => waiting.size,
  };
}
