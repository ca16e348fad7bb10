import type { FastifyBaseLogger } from 'fastify';
import { type AfterRun, createPeriodicJob, type JobRun } from '../jobs/periodic-job.ts';
import { type MetricsReporter, NO_METRICS } from '../metrics/metrics.ts';
import { createMailDelivery, type DeliveryTally } from './mail-delivery.ts';
import type { MailOutbox } from './mail-outbox.ts';
import {
  createMailTransport,
  type MailTransport,
  type RelayState,
  type RelayTimeouts,
} from './mail-transport.ts';
import { createSentMarks } from './sent-marks.ts';

export interface MailWorkerOptions {
  /** how often a started worker looks for due mails. */
  pollMs: number;
  /**
   * How long a claim holds without renewal. While a send is in flight the worker renews the claim every third
   * of it, so a slow relay is not sent to twice. A lease that ran out is noted and runs once more before
   * another worker takes the mail over (decision 0112): a crashed worker's mails are free after two leases.
   */
  leaseMs: number;
  /** mails one instance sends at once, each on a connection of its own to the relay. */
  concurrency: number;
  /** how long the relay may keep a send waiting; a send that times out is retried later. */
  relayTimeouts: RelayTimeouts;
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
  leaseMs: 30_000,
  concurrency: 4,
  relayTimeouts: { connectMs: 10_000, greetingMs: 10_000, socketMs: 30_000 },
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

export interface MailRunResult extends DeliveryTally {
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
  /**
   * What the last send told about the relay (or the outbox folder): `up` when it took the mail or answered
   * about it, `down` when it did not answer, refused the connection or timed out; `unknown` before any send.
   */
  relayState(): RelayState;
}

interface MailWorkerDeps {
  outbox: MailOutbox;
  transport: MailTransport;
  from: string;
  /** host name for Message-IDs (from PUBLIC_URL). */
  domain: string;
  log: FastifyBaseLogger;
  options?: Partial<MailWorkerOptions>;
  /** hears what each run delivered (sent, retried, failed) */
  metrics: MetricsReporter;
}

/** Waits for the first of `deliveries` to end; they never reject (their failures are kept). */
const firstOf = (deliveries: ReadonlySet<Promise<void>>) => Promise.race(deliveries);

function createMailWorker(deps: MailWorkerDeps): MailWorker {
  const options = { ...DEFAULT_MAIL_WORKER_OPTIONS, ...deps.options };
  const { outbox, transport, log } = deps;
  const { now, ratePerMinute } = options;
  /** when the last throttled run's window frees a mail's place */
  let windowFreesAt: Date | undefined;
  const marks = createSentMarks({ outbox, log, now });
  const delivery = createMailDelivery({ ...deps, marks, options });

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

  /**
   * Claims and sends up to `concurrency` mails at once, each claim after the rate allowed it (mails in flight
   * count against it), until nothing is due, the rate or the batch is used up, or a database call failed;
   * then waits for the mails in flight. The marks of mails sent while the database was away go first.
   */
  async function sendBatch(
    result: MailRunResult,
    job: JobRun,
  ): Promise<{ claimed: number; drained: boolean; rateUsedUp: boolean }> {
    await marks.flush();
    await outbox.noteExpiredClaims(options.leaseMs, now());
    await marks.reassert();
    const inFlight = new Set<Promise<void>>();
    let failure: { error: unknown } | undefined;
    const state = { claimed: 0, drained: false, rateUsedUp: false };
    try {
      while (state.claimed < options.batchSize && !job.stopping && !failure) {
        if (inFlight.size >= options.concurrency) {
          await firstOf(inFlight);
          continue;
        }
        if (marks.unmarked() > 0) await marks.flush();
        if ((await allowance()) <= 0) {
          state.rateUsedUp = true;
          break;
        }
        const row = await outbox.claim(options.leaseMs, now());
        if (!row) {
          state.drained = true;
          break;
        }
        state.claimed += 1;
        const sending: Promise<void> = delivery
          .deliver(row, result)
          .catch((error: unknown) => {
            failure ??= { error };
          })
          .finally(() => inFlight.delete(sending));
        inFlight.add(sending);
      }
    } finally {
      await Promise.all(inFlight);
    }
    if (failure) throw failure.error;
    return state;
  }

  async function run(job: JobRun): Promise<MailRunResult> {
    const result: MailRunResult = { sent: 0, retried: 0, failed: 0, throttled: false };
    const { claimed, drained, ...batch } = await sendBatch(result, job);
    let { rateUsedUp } = batch;
    // A full batch that used the rate up is throttled too.
    if (!rateUsedUp && !drained && !job.stopping && ratePerMinute !== undefined)
      rateUsedUp = (await allowance()) <= 0;
    const stoppedByRate = rateUsedUp && !drained && !job.stopping;
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

  /**
   * After a run of the started worker: a throttled one waits until the window has room (no polling in between),
   * a full batch goes on at once.
   */
  function afterRun(result: MailRunResult): AfterRun {
    const handled = result.sent + result.failed + result.retried;
    if (handled > 0) log.info(result, 'mail outbox run');
    if (result.throttled) {
      const wait = (windowFreesAt?.getTime() ?? 0) - now().getTime();
      return { pauseMs: Math.min(RATE_WINDOW_MS, Math.max(MIN_RESUME_MS, wait)) };
    }
    return handled >= options.batchSize ? 'again' : undefined;
  }

  const job = createPeriodicJob({
    name: 'mail outbox run',
    everyMs: options.pollMs,
    clock: now,
    log,
    run: async (_at, current) => {
      const result = await run(current);
      deps.metrics.mailsDelivered(result);
      return result;
    },
    afterRun,
  });

  return {
    start: job.start,
    async stop() {
      await job.stop();
      // The last chance for marks that waited for the database: without them these mails go out again.
      await marks.flush().catch((error: unknown) => {
        log.error(
          { err: error, unmarked: marks.unmarked() },
          'mails sent but not marked; they will be sent again',
        );
      });
      await transport.close();
    },
    runOnce: () => job.runOnce(),
    notify: job.wake,
    relayState: delivery.relayState,
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
  metrics: MetricsReporter = NO_METRICS,
): MailWorker {
  const { concurrency, relayTimeouts } = { ...DEFAULT_MAIL_WORKER_OPTIONS, ...options };
  return createMailWorker({
    outbox,
    transport: createMailTransport(config, { connections: concurrency, timeouts: relayTimeouts }),
    from: config.mailFrom,
    domain: new URL(config.publicUrl).hostname,
    log,
    options: { ratePerMinute: config.mailRatePerMinute, ...options },
    metrics,
  });
}
