/**
 * Fault injection on PostgreSQL: two instances' mail workers against a cluster of this file's own, which is
 * stopped after the relay has taken the mails and before the worker could mark them, and started again. Each
 * mail must go out once (issue 30 point 7: 2–3 of 1,002 breaking-news mails went twice after a failover).
 * Runs in the PostgreSQL gate; outbox-outage.test.ts cuts the database off at the outbox on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/platform/db/database.ts';
import { migrateToLatest } from '../../src/platform/db/migrate.ts';
import { createMailOutbox } from '../../src/platform/mail/mail-outbox.ts';
import {
  createConfiguredMailWorker,
  DEFAULT_MAIL_WORKER_OPTIONS,
  type MailWorker,
} from '../../src/platform/mail/mail-worker.ts';
import { memoryLog } from '../helpers/memory-log.ts';
import { type Cluster, startCluster } from '../helpers/pg-cluster.ts';
import { type SmtpPeer, startSmtpPeer } from '../helpers/smtp-peer.ts';
import { drainWorker, recipients } from './mail-helpers.ts';

const onPostgres = process.env.DATABASE_URL?.startsWith('postgres') === true;
const LEASE = DEFAULT_MAIL_WORKER_OPTIONS.leaseMs;
const RECIPIENTS = ['anna', 'bert', 'cora', 'dirk', 'emil', 'frida'].map((name) => `${name}@example.de`);

describe.runIf(onPostgres)('mails in flight when PostgreSQL stops', { timeout: 120_000 }, () => {
  let cluster: Cluster;
  let peer: SmtpPeer;
  let first: Database;
  let second: Database;
  const { log, lines } = memoryLog();

  beforeAll(async () => {
    cluster = await startCluster({ database: 'portal_mail_failover' });
    peer = await startSmtpPeer();
    first = createDatabase({ kind: 'postgres', url: cluster.url });
    second = createDatabase({ kind: 'postgres', url: cluster.url });
    // Connections the stop drops while idle are reported here; the pools open new ones.
    first.onConnectionError(() => undefined);
    second.onConnectionError(() => undefined);
    await migrateToLatest(first);
  }, 120_000);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await peer?.close();
    await cluster?.destroy();
  });

  function worker(database: Database, now: () => Date): MailWorker {
    const settings = {
      smtpUrl: peer.url,
      dataDir: '/nonexistent',
      mailFrom: 'Portal <portal@example.de>',
      publicUrl: 'http://localhost:8080',
      mailRatePerMinute: undefined,
    };
    return createConfiguredMailWorker(settings, createMailOutbox(database), log, { now });
  }

  /** A started worker runs again at its next poll: a run that meets a connection the stop broke is repeated. */
  async function drainWhenBack(target: MailWorker) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await drainWorker(target);
      } catch (error) {
        if (attempt >= 5) throw error;
      }
    }
  }

  it('should send each mail once when the database stopped between sending and marking', async () => {
    const clock = { offset: 0 };
    const now = () => new Date(Date.now() + clock.offset);
    const a = worker(first, now);
    const b = worker(second, now);
    try {
      await createMailOutbox(first).enqueue(
        first.db,
        RECIPIENTS.map((recipient) => ({
          recipient,
          subject: 'Eilmeldung',
          html: '<p>Neu</p>',
          text: 'Neu',
        })),
      );
      const held = peer.holdNext(DEFAULT_MAIL_WORKER_OPTIONS.concurrency);
      const run = a.runOnce();
      await held.arrived;
      await cluster.halt();
      held.release();
      await expect(run).rejects.toThrow(/database unavailable/);
      await expect(b.runOnce()).rejects.toThrow(/database unavailable/);
      expect(peer.received).toHaveLength(DEFAULT_MAIL_WORKER_OPTIONS.concurrency);
      expect(lines.join('')).toContain('its sent mark waits for the database');

      await cluster.start();
      // back after longer than a lease; the other instance runs first and sends only what nobody sent
      clock.offset += 2 * LEASE;
      const others = RECIPIENTS.length - DEFAULT_MAIL_WORKER_OPTIONS.concurrency;
      expect(await drainWhenBack(b)).toEqual({ sent: others, retried: 0, failed: 0 });
      expect(await drainWhenBack(a)).toEqual({ sent: 0, retried: 0, failed: 0 });
      clock.offset += 2 * LEASE;
      expect(await drainWhenBack(b)).toEqual({ sent: 0, retried: 0, failed: 0 });

      const rows = await first.db.selectFrom('mailOutbox').select(['status', 'attempts']).execute();
      expect(rows).toEqual(RECIPIENTS.map(() => ({ status: 'sent', attempts: 1 })));
      expect(recipients(peer)).toEqual(RECIPIENTS);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});
