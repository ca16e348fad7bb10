import { BLOG_API } from '@portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailOutbox } from '../../src/platform/mail/mail-outbox.ts';
import { DEFAULT_MAIL_WORKER_OPTIONS } from '../../src/platform/mail/mail-worker.ts';
import { createPost } from '../blog/blog-helpers.ts';
import { type SmtpPeer, startSmtpPeer } from '../helpers/smtp-peer.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { drain, MEMBERS_AND_GF, outboxRows, recipients } from './mail-helpers.ts';

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

async function queueBreakingNews(app = w.t.app): Promise<string> {
  const post = await createPost(w, { visibleForUserGroups: [w.groups.mitglieder, w.groups.gf] });
  const response = await app.inject({ url: BLOG_API.breakingNews(post.id), headers: w.as.admin });
  expect(response.statusCode).toBe(202);
  return `blog:${post.id}`;
}

describe('the outbox across restarts and instances', () => {
  it('should send what a stopped server queued once the next one runs, and each mail once', async () => {
    const first = await w.t.secondInstance();
    await queueBreakingNews(first.app);
    // the server stops before its worker ran
    await first.close();
    const next = await w.t.secondInstance();
    try {
      expect(await drain(next.app)).toEqual({ sent: 4, retried: 0, failed: 0 });
      expect(recipients(peer)).toEqual(MEMBERS_AND_GF);
      expect(await drain(next.app)).toEqual({ sent: 0, retried: 0, failed: 0 });
    } finally {
      await next.close();
    }
    expect(peer.received).toHaveLength(4);
  });

  it('should send the mail of a worker that died while sending once its lease ran out twice, and not before', async () => {
    const topic = await queueBreakingNews();
    const outbox = createMailOutbox(w.t.database);
    // a worker claims two mails and dies: one claim still holds, one has run out
    const held = await outbox.claim(60_000);
    const expired = await outbox.claim(-1);
    expect(held?.status).toBe('sending');
    expect(await drain(w.t.app)).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(recipients(peer)).not.toContain(held?.recipient);
    expect(recipients(peer)).not.toContain(expired?.recipient);

    // The run noted the run-out lease and gave it one more: once that has run out too, it goes.
    const runOut = async (id: number | undefined) => {
      await w.t.database.db
        .updateTable('mailOutbox')
        .set({ lockedUntil: new Date(Date.now() - 1) })
        .where('id', '=', id ?? 0)
        .execute();
    };
    await runOut(expired?.id);
    expect(await drain(w.t.app)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(recipients(peer)).toContain(expired?.recipient);

    // the held claim runs out too (its worker is gone), twice
    await runOut(held?.id);
    expect(await drain(w.t.app)).toEqual({ sent: 0, retried: 0, failed: 0 });
    await runOut(held?.id);
    expect(await drain(w.t.app)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(recipients(peer)).toEqual(MEMBERS_AND_GF);
    const rows = (await outboxRows(w)).filter((row) => row.topic === topic);
    expect(rows.find((row) => row.id === held?.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('should never let a worker whose claim was taken over mark the mail', async () => {
    await queueBreakingNews();
    const outbox = createMailOutbox(w.t.database);
    const stale = await outbox.claim(-1);
    if (!stale) throw new Error('nothing claimed');
    // noted as run out, and run out again
    expect(await outbox.noteExpiredClaims(-1)).toBe(1);
    const fresh = await outbox.claim(60_000);
    expect(fresh?.id).toBe(stale.id);
    expect(await outbox.markSent(stale)).toBe(false);
    expect(await outbox.retryLater(stale, 'x', new Date())).toBe(false);
    if (fresh) expect(await outbox.markSent(fresh)).toBe(true);
    await drain(w.t.app);
    expect(peer.received).toHaveLength(3);
  });

  it('should finish and mark the mail in flight when a server shuts down while sending', async () => {
    const topic = await queueBreakingNews();
    const instance = await w.t.secondInstance();
    const run = instance.app.mailWorker.runOnce();
    await instance.close();
    await run;
    const rows = (await outboxRows(w)).filter((row) => row.topic === topic);
    expect(rows.some((row) => row.status === 'sending')).toBe(false);
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(peer.received.length);
    await drain(w.t.app);
    expect(recipients(peer)).toEqual(MEMBERS_AND_GF);
  });

  it('should let two instances drain one queue without sending any mail twice', async () => {
    const topics = [await queueBreakingNews(), await queueBreakingNews(), await queueBreakingNews()];
    const other = await w.t.secondInstance();
    try {
      const [a, b] = await Promise.all([drain(w.t.app), drain(other.app)]);
      expect((a?.sent ?? 0) + (b?.sent ?? 0)).toBe(12);
    } finally {
      await other.close();
    }
    expect(peer.received).toHaveLength(12);
    const perRecipient = new Map<string, number>();
    for (const address of recipients(peer)) perRecipient.set(address, (perRecipient.get(address) ?? 0) + 1);
    expect([...perRecipient.values()]).toEqual([3, 3, 3, 3]);
    const rows = (await outboxRows(w)).filter((row) => row.topic !== null && topics.includes(row.topic));
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it("should give a crashed worker's mails back within a minute", () => {
    // noted when the lease ran out, taken over when it ran out once more
    expect(2 * DEFAULT_MAIL_WORKER_OPTIONS.leaseMs).toBeLessThanOrEqual(60_000);
  });

  it('should keep renewing the claim of a mail while a slow relay takes longer than the lease', async () => {
    const leaseMs = 400;
    const post = await createPost(w, { visibleForUserGroups: [w.groups.partner] });
    const slow = await w.t.secondInstance({ mailWorker: { leaseMs } });
    const other = await w.t.secondInstance({ mailWorker: { leaseMs } });
    const held = peer.holdNext();
    try {
      const queued = await slow.app.inject({
        url: BLOG_API.breakingNews(post.id),
        headers: w.as.admin,
      });
      expect(queued.json()).toEqual({ queued: 1 });
      const sending = slow.app.mailWorker.runOnce();
      await held.arrived;
      const claimed = (await outboxRows(w)).find((row) => row.topic === `blog:${post.id}`);
      if (claimed?.status !== 'sending' || !claimed.lockedUntil)
        throw new Error('the mail is not being sent');
      // Three leases later the claim has been renewed all along: the other worker leaves the mail alone.
      const renewedPast = new Date(claimed.lockedUntil).getTime() + 3 * leaseMs;
      await expect
        .poll(
          async () => {
            const row = (await outboxRows(w)).find((candidate) => candidate.id === claimed.id);
            return new Date(row?.lockedUntil ?? 0).getTime();
          },
          { timeout: 10_000, interval: 50 },
        )
        .toBeGreaterThan(renewedPast);
      expect(await drain(other.app)).toEqual({ sent: 0, retried: 0, failed: 0 });
      held.release();
      expect(await sending).toEqual({ sent: 1, retried: 0, failed: 0, throttled: false });
    } finally {
      held.release();
      await other.close();
      await slow.close();
    }
    expect(recipients(peer)).toEqual(['partner@example.de']);
  });
});
