/**
 * npm run digest -- --now: sends the digests that are due at once (issue 17), under the same 'digest' lease
 * as the servers' schedulers, then sends the mail outbox as a server's mail worker would (within
 * MAIL_RATE_PER_MINUTE). Running it twice sends nothing twice: each member's watermark moves with the mail.
 */
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { appAddresses, loadConfig } from '../config.ts';
import { createAccountsService } from '../features/accounts/index.ts';
import {
  createDigestRunner,
  createDigestScheduler,
  DIGEST_JOB,
  type DigestScheduler,
  type DigestSchedulerRun,
} from '../features/notifications/index.ts';
import { DIGEST_SECTIONS } from '../modules.ts';
import { createDatabase, type Database } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrate.ts';
import { createJobLease } from '../platform/jobs/job-lease.ts';
import { createMailOutbox } from '../platform/mail/mail-outbox.ts';
import { createConfiguredMailWorker, type MailWorker } from '../platform/mail/mail-worker.ts';
import { parseCliArgs, runCli, UsageError } from './backup-cli.ts';

const USAGE = `Zusammenfassungen – Aufruf: npm run digest -- --now

  --now                            die fälligen Zusammenfassungen sofort verschicken (unter derselben
                                   Sperre wie die Server) und danach die Mail-Warteschlange senden

Beispiel: npm run digest -- --now`;

/** How long the command waits for another instance's run to end. */
const LEASE_WAIT_MS = 10_000;
const LEASE_POLL_MS = 500;

/** Runs the due digests as soon as no other instance holds the lease, or fails after LEASE_WAIT_MS. */
async function runUnderLease(scheduler: DigestScheduler, database: Database): Promise<DigestSchedulerRun> {
  const deadline = Date.now() + LEASE_WAIT_MS;
  for (;;) {
    const run = await scheduler.runOnce(new Date());
    if (run.leased) return run;
    if (Date.now() >= deadline) {
      const lease = await database.db
        .selectFrom('jobLeases')
        .select(['holder', 'lockedUntil'])
        .where('name', '=', DIGEST_JOB)
        .executeTakeFirst();
      const held = lease ? ` (${lease.holder}, bis ${new Date(lease.lockedUntil).toISOString()})` : '';
      throw new Error(
        `Eine andere Instanz verschickt gerade die Zusammenfassungen${held}. Bitte später erneut versuchen.`,
      );
    }
    await sleep(LEASE_POLL_MS);
  }
}

/** Sends the outbox until nothing is due now or the rate is used up. */
async function sendOutbox(worker: MailWorker): Promise<{ sent: number; failed: number; throttled: boolean }> {
  const total = { sent: 0, failed: 0, throttled: false };
  for (;;) {
    const result = await worker.runOnce();
    total.sent += result.sent;
    total.failed += result.failed;
    if (result.throttled) return { ...total, throttled: true };
    if (result.sent + result.retried + result.failed === 0) return total;
  }
}

async function run(argv: string[]): Promise<string> {
  const { values, positionals } = parseCliArgs(
    argv,
    { now: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    USAGE,
  );
  if (values.help && !values.now) return USAGE;
  if (!values.now || positionals.length > 0) throw new UsageError(USAGE);
  const config = loadConfig();
  const database = createDatabase(config.database);
  try {
    await migrateToLatest(database);
    // The report goes to stdout; only warnings and errors are logged (to stderr).
    const log = pino({ level: 'warn' }, pino.destination(2));
    const outbox = createMailOutbox(database);
    const worker = createConfiguredMailWorker(config, outbox, log);
    const scheduler = createDigestScheduler({
      runner: createDigestRunner({
        db: database.db,
        accounts: createAccountsService(database.db),
        outbox,
        addresses: appAddresses(config),
        jwtSecret: config.jwtSecret,
        log,
        sections: DIGEST_SECTIONS,
      }),
      lease: createJobLease(database.db),
      mailWorker: worker,
      log,
      holder: `cli:${hostname()}:${process.pid}`,
    });
    const digests = await runUnderLease(scheduler, database);
    const mails = await sendOutbox(worker).finally(() => worker.stop());
    const waiting = await database.db
      .selectFrom('mailOutbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', ['pending', 'sending'])
      .executeTakeFirstOrThrow();
    const rows: [string, number | string][] = [
      ['Mitglieder fällig', digests.due],
      ['E-Mails eingereiht', digests.queued],
      ['Leer, nicht verschickt', digests.empty],
      ['Übersprungen', digests.skipped],
      ['Fehlgeschlagen', digests.failed + mails.failed],
      ['E-Mails versandt', mails.sent],
      [
        'E-Mails wartend',
        `${waiting.n}${mails.throttled ? ' (Sendelimit erreicht; der Server verschickt den Rest)' : ''}`,
      ],
    ];
    const width = Math.max(...rows.map(([label]) => label.length)) + 2;
    return [
      'Zusammenfassungen verschickt:',
      ...rows.map(([label, value]) => `  ${`${label}:`.padEnd(width)}${value}`),
    ].join('\n');
  } finally {
    await database.close();
  }
}

runCli('Zusammenfassungen', run);
