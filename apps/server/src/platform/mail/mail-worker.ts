import type { FastifyBaseLogger } from 'fastify';
import { outsideRequests } from '../db/request-scope.ts';
import type { MailOutbox, OutboxRow } from './mail-outbox.ts';
import { createMailTransport, type MailTransport } from './mail-transport.ts';

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
  /**
   * MAIL_RATE_PER_MINUTE: mails all instances together send in 60 seconds at most, counted by `sent_at` in the
   * database; undefined: no limit.
   */
  ratePerMinute: number | undefined;
  /** the clock of claims, leases, retries and the rate window (tests move it). */
  now: () => Date;
}

export const DEFAULT_MAIL_WORKER_OPTIONS: MailWorkerOptions = {
  pollMs: 5_000,
  leaseMs: 60_000,
  maxAttempts: 8,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  batchSize: 100,
  ratePerMinute: undefined,
  now: () => new Date(),
};

const RATE_WINDOW_MS = 60_000;
/** A throttled worker waits at least this long before it looks again (clocks of instances may disagree). */
const MIN_RESUME_MS = 250;

export interface MailRunResult {
  sent: number;
  retried: number;
  failed: number;
  /** MAIL_RATE_PER_MINUTE was used up while mails still waited: a started worker goes on when the window frees. */
  throttled: boolean;
}

/**
 * Sends the outbox. buildApp creates it stopped, so tests drive it with runOnce(); main.ts starts it.
 * Several instances may run it at once: each mail is claimed by one of them.
 */
export interface MailWorker {
  start(): void;
  /** stops polling, waits for the run in progress and closes the transport. */
  stop(): Promise<void>;
  /** sends what is due now (at most batchSize mails, and no more than the rate leaves). */
  runOnce(): Promise<MailRunResult>;
  /** a mail was queued: a started worker runs at once instead of at the next poll. */
  notify(): void;
}

interface MailWorkerDeps {
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

function createMailWorker(deps: MailWorkerDeps): MailWorker {
  const options = { ...DEFAULT_MAIL_WORKER_OPTIONS, ...deps.options };
  const { outbox, transport, log } = deps;
  const { now, ratePerMinute } = options;
  let timer: NodeJS.Timeout | undefined;
  /** set while throttled: runs the worker again when the oldest mail of the rate window leaves it. */
  let resumeTimer: NodeJS.Timeout | undefined;
  /** when the last throttled run's window frees a mail's place */
  let windowFreesAt: Date | undefined;
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
        const next = new Date(now().getTime() + backoff(row.attempts));
        log.info({ mailId: row.id, attempts: row.attempts, next, reason }, 'mail will be retried');
        await outbox.retryLater(row, reason, next);
        result.retried += 1;
      }
      return;
    }
    // Marked right after the relay accepted it. A crash exactly here sends it once more after the lease.
    if (!(await outbox.markSent(row, now())))
      log.warn({ mailId: row.id }, 'mail sent after its claim expired');
    result.sent += 1;
  }

  /**
   * How many mails the rate leaves now: the window counts the mails every instance sent in the last minute
   * and those being sent at this moment. Asked again before every claim, so that two workers running at once
   * overshoot by at most one mail each.
   */
  async function allowance(): Promise<number> {
    if (ratePerMinute === undefined) return Number.POSITIVE_INFINITY;
    const at = now();
    const window = await outbox.rateWindow(new Date(at.getTime() - RATE_WINDOW_MS), at);
    return Math.max(0, ratePerMinute - window.count);
  }

  async function run(): Promise<MailRunResult> {
    const result: MailRunResult = { sent: 0, retried: 0, failed: 0, throttled: false };
    let claimed = 0;
    let drained = false;
    let rateUsedUp = false;
    while (claimed < options.batchSize && !closed) {
      if ((await allowance()) <= 0) {
        rateUsedUp = true;
        break;
      }
      const row = await outbox.claim(options.leaseMs, now());
      if (!row) {
        drained = true;
        break;
      }
      claimed += 1;
      await deliver(row, result);
    }
    // A full batch that used the rate up is throttled too.
    if (!rateUsedUp && !drained && !closed && ratePerMinute !== undefined)
      rateUsedUp = (await allowance()) <= 0;
    const stoppedByRate = rateUsedUp && !drained && !closed;
    if (!stoppedByRate && claimed === 0) return result;
    const waiting = await outbox.waiting();
    if (waiting.count === 0) return result;
    const queue = {
      queued: waiting.count,
      oldestWaitingSince: waiting.oldest?.toISOString() ?? null,
      oldestWaitingSeconds: waiting.oldest
        ? Math.max(0, Math.round((now().getTime() - waiting.oldest.getTime()) / 1000))
        : null,
      ratePerMinute: ratePerMinute ?? null,
    };
    if (!stoppedByRate) {
      log.info(queue, 'mail outbox waiting');
      return result;
    }
    result.throttled = true;
    const at = now();
    const window = await outbox.rateWindow(new Date(at.getTime() - RATE_WINDOW_MS), at);
    windowFreesAt = window.first ? new Date(window.first.getTime() + RATE_WINDOW_MS) : at;
    log.info({ ...queue, sentLastMinute: window.count }, 'mail outbox throttled');
    return result;
  }

  /** A started worker that was throttled runs again once the window has room: no polling in between. */
  function resumeLater(): void {
    if (resumeTimer || !timer) return;
    const wait = (windowFreesAt?.getTime() ?? 0) - now().getTime();
    resumeTimer = setTimeout(
      () => {
        resumeTimer = undefined;
        tick();
      },
      Math.min(RATE_WINDOW_MS, Math.max(MIN_RESUME_MS, wait)),
    );
    resumeTimer.unref();
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
    // Throttled: the resume timer runs the worker when the rate window frees, polls and notices wait for it.
    if (resumeTimer) return;
    if (running) {
      again = true;
      return;
    }
    runOnce().then(
      (result) => {
        if (result.sent + result.failed + result.retried > 0) log.info(result, 'mail outbox run');
        if (result.throttled) {
          again = false;
          resumeLater();
          return;
        }
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
      if (resumeTimer) clearTimeout(resumeTimer);
      resumeTimer = undefined;
      await running?.catch(() => undefined);
      await transport.close();
    },
    runOnce,
    notify() {
      // A request notifies; the run is a job, with no part in that request's time or its client's leaving.
      if (timer) outsideRequests(() => setImmediate(tick));
    },
  };
}

/** The settings (TConfig) a worker is built from: transport, sender, host name and rate. */
interface MailWorkerConfig {
  smtpUrl: string | undefined;
  dataDir: string;
  mailFrom: string;
  publicUrl: string;
  mailRatePerMinute: number | undefined;
}

/** The worker of the configured transport, sender and rate: the server's, and the digest CLI's. */
export function createConfiguredMailWorker(
  config: MailWorkerConfig,
  outbox: MailOutbox,
  log: FastifyBaseLogger,
  options: Partial<MailWorkerOptions> = {},
): MailWorker {
  return createMailWorker({
    outbox,
    transport: createMailTransport(config),
    from: config.mailFrom,
    domain: new URL(config.publicUrl).hostname,
    log,
    options: { ratePerMinute: config.mailRatePerMinute, ...options },
  });
}
