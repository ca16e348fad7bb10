import { BLOG_API } from '@portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailOutbox } from '../../src/platform/mail/mail-outbox.ts';
import { DEFAULT_MAIL_WORKER_OPTIONS } from '../../src/platform/mail/mail-worker.ts';
import { createPost } from '../blog/blog-helpers.ts';
import { type SmtpPeer, startSilentRelay, startSmtpPeer } from '../helpers/smtp-peer.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { drain, MEMBERS_AND_GF, outboxRows, recipients } from './mail-helpers.ts';

// A relay that hangs on one connection (never answers a mail's data) or altogether (never greets) holds up
// only the mails it hangs on, and only until the relay timeouts; the queue keeps moving (issue 30 point 7).

let peer: SmtpPeer;
let w: World;

beforeAll(async () => {
  peer = await startSmtpPeer();
  w = await createWorld({ env: { SMTP_URL: peer.url } });
});
afterAll(async () => {
  await w.t.close();
  await peer.close();
});
beforeEach(() => peer.reset());

describe('a relay that hangs', () => {
  it('should send the other mails while the relay holds one, and retry the held one later', async () => {
    // The timeout only has to outlast three mails to a local peer; the test waits for it once.
    const instance = await w.t.secondInstance({
      mailWorker: { relayTimeouts: { connectMs: 5_000, greetingMs: 5_000, socketMs: 6_000 } },
    });
    const held = peer.holdNext();
    try {
      const post = await createPost(w, { visibleForUserGroups: [w.groups.mitglieder, w.groups.gf] });
      const queued = await instance.app.inject({ url: BLOG_API.breakingNews(post.id), headers: w.as.admin });
      expect(queued.json()).toEqual({ queued: 4 });
      const run = instance.app.mailWorker.runOnce();
      await held.arrived;
      // The other three arrive while the worker still waits for the relay's answer to the held one.
      await expect.poll(() => peer.received.length, { timeout: 15_000 }).toBe(3);
      expect(held.waiting()).toBe(1);

      expect(await run).toEqual({ sent: 3, retried: 1, failed: 0, throttled: false });
      const stuck = (await outboxRows(w)).find(
        (row) => row.topic === `blog:${post.id}` && row.status !== 'sent',
      );
      expect(stuck).toMatchObject({ status: 'pending', attempts: 1 });
      expect(stuck?.lastError).toMatch(/timeout/i);
      // the relay never answers that connection
      held.drop();

      // later: the held mail goes out with the next attempt, and every member has one mail
      await w.t.database.db
        .updateTable('mailOutbox')
        .set({ nextAttemptAt: new Date(Date.now() - 1) })
        .where('id', '=', stuck?.id ?? 0)
        .execute();
      expect(await drain(instance.app)).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(recipients(peer)).toEqual(MEMBERS_AND_GF);
    } finally {
      held.drop();
      await instance.close();
    }
  }, 40_000);

  it('should give up on a relay that never greets within the greeting timeout and retry the mail later', async () => {
    const silent = await startSilentRelay();
    const t = await createTestApp(
      { SMTP_URL: silent.url },
      { mailWorker: { relayTimeouts: { connectMs: 1_000, greetingMs: 300, socketMs: 1_000 } } },
    );
    try {
      const outbox = createMailOutbox(t.database);
      await outbox.enqueue(t.database.db, [
        { recipient: 'erika@example.de', subject: 'Hallo', html: '<p>Hallo</p>', text: 'Hallo' },
      ]);
      expect(await t.app.mailWorker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0, throttled: false });
      const [row] = await t.database.db.selectFrom('mailOutbox').selectAll().execute();
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row?.lastError).toMatch(/greeting/i);
    } finally {
      await t.close();
      await silent.close();
    }
  });

  it('should wait for a relay at most seconds, not minutes, and send several mails at once', () => {
    const { relayTimeouts, concurrency } = DEFAULT_MAIL_WORKER_OPTIONS;
    expect(relayTimeouts.connectMs).toBeLessThanOrEqual(10_000);
    expect(relayTimeouts.greetingMs).toBeLessThanOrEqual(10_000);
    expect(relayTimeouts.socketMs).toBeLessThanOrEqual(30_000);
    expect(concurrency).toBeGreaterThan(1);
  });
});
