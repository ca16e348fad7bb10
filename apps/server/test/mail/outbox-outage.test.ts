import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/platform/db/database.ts';
import { createMailOutbox, type MailOutbox, type OutboxRow } from '../../src/platform/mail/mail-outbox.ts';
import {
  createConfiguredMailWorker,
  DEFAULT_MAIL_WORKER_OPTIONS,
  type MailWorker,
} from '../../src/platform/mail/mail-worker.ts';
import { type SmtpPeer, startSmtpPeer } from '../helpers/smtp-peer.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { drainWorker, recipients } from './mail-helpers.ts';

// The database goes away between the relay's acceptance and the worker's 'sent' mark (an outage, a failover):
// after it returns, every mail has gone out exactly once, also with a second instance's worker running
// (issue 30 point 7). The outage is cut in at the outbox, the seam between the worker and the database.

const LEASE = DEFAULT_MAIL_WORKER_OPTIONS.leaseMs;
const RECIPIENTS = ['anna', 'bert', 'cora', 'dirk'].map((name) => `${name}@example.de`);

let peer: SmtpPeer;
let t: TestApp;
let other: Database;
const workers: MailWorker[] = [];

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await createTestApp({ SMTP_URL: peer.url });
  // the second instance's own connection
  other = createDatabase(t.databaseConfig);
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  await t.database.db.deleteFrom('mailOutbox').execute();
  peer.reset();
});
afterAll(async () => {
  await other.close();
  await t.close();
  await peer.close();
});

/** One clock for every worker of a test: an outage that lasts longer than a lease moves it on. */
function testClock() {
  const clock = { offset: 0, now: () => new Date(Date.now() + clock.offset) };
  return clock;
}

/** The outbox of an instance that cannot reach the database while `outage.on`. */
function cutOff(outbox: MailOutbox, outage: { on: boolean }): MailOutbox {
  const guarded = Object.entries(outbox).map(([name, method]) => [
    name,
    (...args: unknown[]) =>
      outage.on
        ? Promise.reject(new Error('database unavailable: the test cut it off'))
        : (method as (...given: unknown[]) => unknown)(...args),
  ]);
  return Object.fromEntries(guarded) as MailOutbox;
}

/** A worker of an instance on `database`, as buildApp makes it, with the test's clock and outage. */
function instanceWorker(database: Database, outage: { on: boolean }, now: () => Date, outbox?: MailOutbox) {
  const worker = createConfiguredMailWorker(
    t.config,
    outbox ?? cutOff(createMailOutbox(database), outage),
    t.app.log,
    {
      now,
    },
  );
  workers.push(worker);
  return worker;
}

async function queueMails() {
  const mails = RECIPIENTS.map((recipient) => ({
    recipient,
    subject: `Eilmeldung für ${recipient}`,
    html: '<p>Eilmeldung</p>',
    text: 'Eilmeldung',
  }));
  await createMailOutbox(t.database).enqueue(t.database.db, mails);
}

const rows = () => t.database.db.selectFrom('mailOutbox').selectAll().orderBy('id').execute();

describe('mails in flight when the database goes away', () => {
  it('should mark them sent when it is back, and no worker sends them again', async () => {
    const outage = { on: false };
    const clock = testClock();
    const first = instanceWorker(t.database, outage, clock.now);
    const second = instanceWorker(other, outage, clock.now);
    await queueMails();
    const held = peer.holdNext(RECIPIENTS.length);
    const run = first.runOnce();
    await held.arrived;
    // The relay has every mail; the database goes away before the worker can mark them.
    outage.on = true;
    held.release();
    await expect(run).rejects.toThrow(/database unavailable/);
    await expect(second.runOnce()).rejects.toThrow(/database unavailable/);
    expect(recipients(peer)).toEqual(RECIPIENTS);

    // It returns after longer than a lease; the other instance's worker happens to run first.
    outage.on = false;
    clock.offset += 2 * LEASE;
    expect(await drainWorker(second)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await drainWorker(first)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect((await rows()).map((row) => [row.status, row.attempts])).toEqual(
      RECIPIENTS.map(() => ['sent', 1]),
    );
    clock.offset += 2 * LEASE;
    expect(await drainWorker(second)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(recipients(peer)).toEqual(RECIPIENTS);
  });

  it('should mark one again whose sent mark the database lost (a failover to a replica that missed it)', async () => {
    const outage = { on: false };
    const clock = testClock();
    const outbox = createMailOutbox(t.database);
    const claimed: OutboxRow[] = [];
    const first = instanceWorker(t.database, outage, clock.now, {
      ...outbox,
      claim: async (...args) => {
        const row = await outbox.claim(...args);
        if (row) claimed.push(row);
        return row;
      },
    });
    const second = instanceWorker(other, outage, clock.now);
    await queueMails();
    expect(await drainWorker(first)).toEqual({ sent: 4, retried: 0, failed: 0 });

    // The new primary has the claim of the first mail but not its sent mark.
    const lost = claimed[0];
    if (!lost) throw new Error('nothing was claimed');
    await t.database.db
      .updateTable('mailOutbox')
      .set({
        status: 'sending',
        claimToken: lost.claimToken,
        lockedUntil: lost.lockedUntil,
        sentAt: null,
      })
      .where('id', '=', lost.id)
      .execute();
    clock.offset += 2 * LEASE;
    expect(await drainWorker(second)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await drainWorker(first)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect((await rows()).find((row) => row.id === lost.id)?.status).toBe('sent');
    clock.offset += 2 * LEASE;
    expect(await drainWorker(second)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(recipients(peer)).toEqual(RECIPIENTS);
  });

  it('should send the mail of a worker that is gone once, after its lease ran out twice', async () => {
    const outage = { on: false };
    const clock = testClock();
    await queueMails();
    // a worker claimed a mail and died: nobody remembers sending it
    const gone = await createMailOutbox(t.database).claim(LEASE, clock.now());
    const second = instanceWorker(other, outage, clock.now);
    expect(await drainWorker(second)).toEqual({ sent: 3, retried: 0, failed: 0 });
    clock.offset += LEASE + 1;
    expect(await drainWorker(second)).toEqual({ sent: 0, retried: 0, failed: 0 });
    clock.offset += LEASE + 1;
    expect(await drainWorker(second)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect((await rows()).find((row) => row.id === gone?.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(recipients(peer)).toEqual(RECIPIENTS);
  });
});
