import type { FastifyBaseLogger } from 'fastify';
import type { MailOutbox, OutboxRow } from './mail-outbox.ts';
import type { MailTransport } from './mail-transport.ts';

export interface MailWorkerOptions {
  /** how often a started worker looks for due mails. */
  pollMs: number;
  /**
   * How long a claim holds without renewal: a crashed worker's mails are free again after this. While a send
   * is in flight the worker renews the claim every third of it, so a slow relay is not sent to twice.
   */
  leaseMs: number;
  /** attempts before a mail is given up. */
  maxAttempts: number;
  /** delay before the 2nd attempt; doubled for every further one, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** mails one run sends at most, so that a run ends. */
  batchSize: number;
}

export const DEFAULT_MAIL_WORKER_OPTIONS: MailWorkerOptions = {
  pollMs: 5_000,
  leaseMs: 60_000,
  maxAttempts: 8,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  batchSize: 100,
};

export interface MailRunResult {
  sent: number;
  retried: number;
  failed: number;
}

/**
 * Sends the outbox. buildApp creates it stopped, so tests drive it with runOnce(); main.ts starts it.
 * Several instances may run it at once: each mail is claimed by one of them.
 */
export interface MailWorker {
  start(): void;
  /** stops polling, waits for the run in progress and closes the transport. */
  stop(): Promise<void>;
  /** sends what is due now (at most batchSize mails). */
  runOnce(): Promise<MailRunResult>;
  /** a mail was queued: a started worker runs at once instead of at the next poll. */
  notify(): void;
}

export interface MailWorkerDeps {
  outbox: MailOutbox;
  transport: MailTransport;
  from: string;
  /** host name for Message-IDs (from PUBLIC_URL). */
  domain: string;
  log: FastifyBaseLogger;
  options?: Partial<MailWorkerOptions>;
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

export function createMailWorker(deps: MailWorkerDeps): MailWorker {
  const options = { ...DEFAULT_MAIL_WORKER_OPTIONS, ...deps.options };
  const { outbox, transport, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<MailRunResult> | undefined;
  let again = false;
  let closed = false;

  const backoff = (attempts: number) =>
    Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** Math.max(0, attempts - 1));

  /** Sends the mail and renews its claim every third of the lease while the relay takes its time. */
  async function sendKeepingClaim(row: OutboxRow): Promise<void> {
    const renewal = setInterval(
      () => {
        // A renewal that fails (the database away for a moment) is tried again at the next interval.
        outbox.renew(row, options.leaseMs).catch((error: unknown) => {
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
      });
    } finally {
      clearInterval(renewal);
    }
  }

  async function deliver(row: OutboxRow, result: MailRunResult): Promise<void> {
    if (row.attempts > options.maxAttempts) {
      // a worker died while sending it on its last attempt
      await outbox.markFailed(row, row.lastError ?? 'Zu viele Versuche');
      result.failed += 1;
      return;
    }
    try {
      await sendKeepingClaim(row);
    } catch (error) {
      const reason = describe(error);
      if (isPermanent(error) || row.attempts >= options.maxAttempts) {
        log.warn({ mailId: row.id, attempts: row.attempts, reason }, 'mail given up');
        await outbox.markFailed(row, reason);
        result.failed += 1;
      } else {
        const next = new Date(Date.now() + backoff(row.attempts));
        log.info({ mailId: row.id, attempts: row.attempts, next, reason }, 'mail will be retried');
        await outbox.retryLater(row, reason, next);
        result.retried += 1;
      }
      return;
    }
    // Marked right after the relay accepted it. A crash exactly here sends it once more after the lease.
    if (!(await outbox.markSent(row))) log.warn({ mailId: row.id }, 'mail sent after its claim expired');
    result.sent += 1;
  }

  async function run(): Promise<MailRunResult> {
    const result: MailRunResult = { sent: 0, retried: 0, failed: 0 };
    for (let count = 0; count < options.batchSize && !closed; count += 1) {
      const row = await outbox.claim(options.leaseMs);
      if (!row) break;
      await deliver(row, result);
    }
    return result;
  }

  function runOnce(): Promise<MailRunResult> {
    // One run at a time per instance; a second caller waits for the one in progress and runs after it.
    const previous = running ?? Promise.resolve(undefined);
    const next = previous.then(run, run).finally(() => {
      if (running === next) running = undefined;
    });
    running = next;
    return next;
  }

  function tick(): void {
    if (running) {
      again = true;
      return;
    }
    runOnce().then(
      (result) => {
        if (result.sent + result.failed + result.retried > 0) log.info(result, 'mail outbox run');
        if (again || result.sent + result.failed + result.retried >= options.batchSize) {
          again = false;
          if (timer) setImmediate(tick);
        }
      },
      (error: unknown) => log.error({ err: error }, 'mail outbox run failed'),
    );
  }

  return {
    start() {
      if (timer || closed) return;
      timer = setInterval(tick, options.pollMs);
      timer.unref();
      setImmediate(tick);
    },
    async stop() {
      closed = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
      await transport.close();
    },
    runOnce,
    notify() {
      if (timer) setImmediate(tick);
    },
  };
}
