import type { FastifyBaseLogger } from 'fastify';
import { attachmentsOf, type MailOutbox, type OutboxRow } from './mail-outbox.ts';
import { type MailTransport, type RelayState, relayAnswered } from './mail-transport.ts';
import type { SentMarks } from './sent-marks.ts';

/** What the deliveries of a run came to. */
export interface DeliveryTally {
  sent: number;
  retried: number;
  failed: number;
}

interface DeliveryOptions {
  leaseMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  now: () => Date;
}

interface DeliveryDeps {
  outbox: MailOutbox;
  transport: MailTransport;
  marks: SentMarks;
  from: string;
  /** host name for Message-IDs (from PUBLIC_URL). */
  domain: string;
  log: FastifyBaseLogger;
  options: DeliveryOptions;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { responseCode, response } = error as { responseCode?: number; response?: string };
  return (response ?? (responseCode ? `${responseCode} ${error.message}` : error.message)).slice(0, 1000);
}

/** A 5xx reply (except 503) will be refused again; retrying only repeats it. */
function isPermanent(error: unknown): boolean {
  return error instanceof Error && (error as { permanent?: boolean }).permanent === true;
}

/**
 * One claimed mail to the relay and its outcome into the outbox: sent (through the sent marks), retried later
 * with back-off, or given up. Remembers what the last send told about the relay.
 */
export function createMailDelivery(deps: DeliveryDeps) {
  const { outbox, transport, marks, log, options } = deps;
  const { now } = options;
  let relay: RelayState = 'unknown';

  const backoff = (attempts: number) =>
    Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** Math.max(0, attempts - 1));

  /** Sends the mail and renews its claim every third of the lease while the relay takes its time. */
  async function sendKeepingClaim(row: OutboxRow): Promise<void> {
    const renewal = setInterval(
      () => {
        // A renewal that fails (the database away for a moment) is tried again at the next interval.
        outbox.renew(row, options.leaseMs, now()).catch((error: unknown) => {
          log.warn({ mailId: row.id, err: error }, 'mail claim could not be renewed');
        });
      },
      Math.max(1, Math.floor(options.leaseMs / 3)),
    );
    try {
      await transport.send({
        from: deps.from,
        to: row.recipient,
        subject: row.subject,
        html: row.html,
        text: row.text,
        messageId: `<outbox-${row.id}-${new Date(row.createdAt).getTime()}@${deps.domain}>`,
        name: `mail-${String(row.id).padStart(8, '0')}`,
        listUnsubscribe: row.listUnsubscribe,
        attachments: attachmentsOf(row),
      });
    } finally {
      clearInterval(renewal);
    }
  }

  return {
    /** Throws only when the outcome of a failed send cannot be written (the claim then runs out). */
    async deliver(row: OutboxRow, tally: DeliveryTally): Promise<void> {
      if (row.attempts > options.maxAttempts) {
        // a worker died while sending it on its last attempt
        await outbox.markFailed(row, row.lastError ?? 'Zu viele Versuche');
        tally.failed += 1;
        return;
      }
      try {
        await sendKeepingClaim(row);
      } catch (error) {
        relay = relayAnswered(error) ? 'up' : 'down';
        const reason = describe(error);
        if (isPermanent(error) || row.attempts >= options.maxAttempts) {
          log.warn({ mailId: row.id, attempts: row.attempts, reason }, 'mail given up');
          await outbox.markFailed(row, reason);
          tally.failed += 1;
        } else {
          const next = new Date(now().getTime() + backoff(row.attempts));
          log.info({ mailId: row.id, attempts: row.attempts, next, reason }, 'mail will be retried');
          await outbox.retryLater(row, reason, next);
          tally.retried += 1;
        }
        return;
      }
      relay = 'up';
      await marks.sent(row);
      tally.sent += 1;
    },

    relayState: (): RelayState => relay,
  };
}
